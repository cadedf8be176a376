import { commonEndpoints } from '../../domain/protocol/endpoints/common';
import { implementAll } from '../http/route';
import { readSetting } from '../settings';
import { APP_VERSION } from '../version';

export const commonRoutes = implementAll(commonEndpoints, 'common', {
  config: {
    summary: 'Client configuration: sandbox flag, chat script URL, version',
    handler: async ({ db }) => ({
      // Always true here: this server only ever moves paper money (DECISIONS §1).
      sandbox: true,
      serviceSaleSmartly: await readSetting(db, 'serviceSaleSmartly'),
      appVersion: APP_VERSION,
    }),
  },
});
