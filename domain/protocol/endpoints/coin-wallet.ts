import { z } from 'zod';
import { endpoint } from '../endpoint';
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
    method: 'POST',
    path: '/coin/assets',
    auth: 'user',
    input: z.object({}),
    output: coinAssetsSchema,
  }),
};
