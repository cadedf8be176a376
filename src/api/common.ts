import { handChecked } from '../../domain/protocol/answer-check';
import type { AppConfig } from '../../domain/protocol/user';
import { parseAppConfig } from '../../domain/protocol/user-parse';
import { get, type RequestOptions } from './request';

// Every start reads it: checked by hand as appConfigSchema says (user-parse.test.ts), no zod.
const appConfig = handChecked(parseAppConfig);

/** GET /common/config: the sandbox flag, the chat-script URL and the app version. */
export function getConfig(options: RequestOptions = { silent: true }): Promise<AppConfig> {
  return get('/common/config', undefined, appConfig, options);
}
