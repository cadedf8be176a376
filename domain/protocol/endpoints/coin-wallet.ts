import { z } from 'zod';
import { endpoint } from '../endpoint';
import { coinAssetsRoute } from './first-load';
import { coinAssetsSchema, transferAnswerSchema, transferRequestSchema } from '../coin-wallet';

export const coinWalletEndpoints = {
  transfer: endpoint({
    method: 'POST',
    path: '/coin/transfer',
    auth: 'user',
    input: transferRequestSchema,
    idempotent: true,
    output: transferAnswerSchema,
  }),
  assets: endpoint({
    ...coinAssetsRoute,
    auth: 'user',
    input: z.object({}),
    output: coinAssetsSchema,
  }),
};
