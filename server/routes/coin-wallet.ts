import { z } from 'zod';
import { coinAssetsSchema, transferAnswerSchema, transferRequestSchema } from '../../domain/protocol/trading';
import { defineRoute, type RouteDef } from '../http/route';

export const coinWalletRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/coin/transfer',
    summary:
      'Moves USDT between the currency (coin) and contract accounts; confirmed with the trade password',
    tag: 'contracts',
    auth: 'user',
    input: transferRequestSchema,
    idempotent: true,
    output: transferAnswerSchema,
    handler: ({ trading, session, input }) => trading.contracts.transfer(session, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/assets',
    summary: 'The coin wallet per currency valued in USDT, and the contract wallet with unrealised PnL',
    tag: 'contracts',
    auth: 'user',
    input: z.object({}),
    output: coinAssetsSchema,
    handler: ({ trading, session }) => trading.contracts.assets(session),
  }),
];
