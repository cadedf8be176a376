import { z } from 'zod';
import { appConfigSchema } from '../../domain/protocol/user';
import { defineRoute } from '../http/route';
import { readSetting } from '../settings';
import { APP_VERSION } from '../version';

export const commonRoutes = [
  defineRoute({
    method: 'GET',
    path: '/common/config',
    summary: 'Client configuration: sandbox flag, chat script URL, version',
    tag: 'common',
    auth: 'none',
    input: z.object({}),
    output: appConfigSchema,
    handler: async ({ db }) => ({
      // Always true here: this server only ever moves paper money (DECISIONS §1).
      sandbox: true,
      serviceSaleSmartly: await readSetting(db, 'serviceSaleSmartly'),
      appVersion: APP_VERSION,
    }),
  }),
];
