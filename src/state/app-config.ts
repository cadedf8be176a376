import { proxy } from 'valtio';
import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { call } from '../api/call';
import { readLastSandbox, saveLastSandbox } from '../pwa/last-sandbox';

export const APP_VERSION = '1.0.0';

/**
 * What GET /common/config told us. Until it answers, and if it fails, the sandbox mark is what
 * this broker said last time (sandbox when never asked): the screen does not move when it answers.
 */
export const appConfig = proxy({
  sandbox: readLastSandbox(),
  serviceSaleSmartly: '',
  appVersion: APP_VERSION,
  loaded: false,
});

/** Fetches the config once at startup; a failure is silently ignored (SPEC §8). */
export async function loadAppConfig(): Promise<void> {
  try {
    const config = await call(firstLoad.config, {}, { silent: true });
    appConfig.sandbox = config.sandbox;
    appConfig.serviceSaleSmartly = config.serviceSaleSmartly;
    if (config.appVersion !== '') appConfig.appVersion = config.appVersion;
    appConfig.loaded = true;
    saveLastSandbox(config.sandbox);
  } catch {
    // No config: the built-in chat, and the sandbox mark if this broker said sandbox last time
    // (offline, say); nothing for the user to act on.
    appConfig.sandbox = readLastSandbox();
  }
}
