import { appConfigSchema, type AppConfig } from '../../domain/protocol/user';
import { get, type RequestOptions } from './request';

/** GET /common/config: the sandbox flag, the chat-script URL and the app version. */
export function getConfig(options: RequestOptions = { silent: true }): Promise<AppConfig> {
  return get('/common/config', undefined, appConfigSchema, options);
}
