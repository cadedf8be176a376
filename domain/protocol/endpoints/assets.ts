import { z } from 'zod';
import { endpoint } from '../endpoint';
import { assetsAnswerSchema } from '../account';
import { userAssetsRoute } from './assets-route';

export const assetEndpoints = {
  assets: endpoint({
    ...userAssetsRoute,
    auth: 'user',
    input: z.object({}),
    output: assetsAnswerSchema,
  }),
  demoReset: endpoint({
    method: 'POST',
    path: '/user/demo/reset',
    auth: 'user',
    input: z.object({}),
    output: assetsAnswerSchema,
  }),
};
