import { commonEndpoints } from '../../domain/protocol/endpoints/common';
import { implement } from '../http/route';
import { readSetting } from '../settings';
import { APP_VERSION } from '../version';

export const commonRoutes = [
  implement(commonEndpoints.config, {
    summary: 'Client configuration: sandbox flag, chat script URL, version',
    tag: 'common',
    handler: async ({ db }) => ({
      // Always true here: this server only ever moves paper money (DECISIONS §1).
      sandbox: true,
      serviceSaleSmartly: await readSetting(db, 'serviceSaleSmartly'),
      appVersion: APP_VERSION,
    }),
  }),
];
