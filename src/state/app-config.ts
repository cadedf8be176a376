import { proxy } from 'valtio';
import { getConfig } from '../api/common';

export const APP_VERSION = '1.0.0';

/** What GET /common/config told us. Until it answers (or if it fails) there is no sandbox mark. */
export const appConfig = proxy({
  sandbox: false,
  serviceSaleSmartly: '',
  appVersion: APP_VERSION,
  loaded: false,
});

/** Fetches the config once at startup; a failure is silently ignored (SPEC §8). */
export async function loadAppConfig(): Promise<void> {
  try {
    const config = await getConfig();
    appConfig.sandbox = config.sandbox;
    appConfig.serviceSaleSmartly = config.serviceSaleSmartly;
    if (config.appVersion !== '') appConfig.appVersion = config.appVersion;
    appConfig.loaded = true;
  } catch {
    // No config: no sandbox mark and the built-in chat; nothing for the user to act on.
  }
}
