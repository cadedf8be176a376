import { z } from 'zod';
import { endpoint } from '../endpoint';
import { assetsAnswerSchema } from '../account';

export const assetEndpoints = {
  assets: endpoint({
    method: 'POST',
    path: '/user/assets',
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
