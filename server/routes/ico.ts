import {
  icoApplyRequestSchema,
  icoCommitmentListRequestSchema,
  icoCommitmentPageSchema,
  icoCommitmentSchema,
  icoInfoRequestSchema,
  icoListRequestSchema,
  icoPagedRequestSchema,
  icoPageSchema,
  icoSchema,
} from '../../domain/protocol/ico';
import { defineRoute, type RouteDef } from '../http/route';
import { commitToIco } from '../primary/ico/commit';
import { comingIcos, icoDetail, listCommitments, listIcos } from '../primary/ico/reads';
import { viewerOf } from './viewer';

/**
 * Coin ICOs: POST like the rest of SPEC §7's coin API. The sales are public; a
 * signed-in caller's token, when sent, adds what they committed and shows their account's pool.
 */
export const icoRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/coin/new/list',
    summary: 'Coin sales, newest window first (optionally one status), with terms and live totals',
    tag: 'ico',
    auth: 'none',
    input: icoListRequestSchema,
    output: icoPageSchema,
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/new/today',
    summary: 'Coin sales taking commitments now',
    tag: 'ico',
    auth: 'none',
    input: icoPagedRequestSchema,
    output: icoPageSchema,
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/new/list/coming',
    summary: 'Coin sales not open yet, soonest first',
    tag: 'ico',
    auth: 'none',
    input: icoPagedRequestSchema,
    output: icoPageSchema,
    handler: async (ctx) => comingIcos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/new/info',
    summary: 'One coin sale: terms, dates, live total committed (the pro-rata estimate) and status',
    tag: 'ico',
    auth: 'none',
    input: icoInfoRequestSchema,
    output: icoSchema,
    handler: async (ctx) => icoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/order/new/list',
    summary: "The account's coin sale commitments, newest first: committed, spent, refunded, tokens",
    tag: 'ico',
    auth: 'user',
    input: icoCommitmentListRequestSchema,
    output: icoCommitmentPageSchema,
    handler: async ({ db, session, input }) => listCommitments(db, session, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/order/new/apply',
    summary: 'Commit USDT to a coin sale with the trade password: one ledgered hold on the coin account',
    tag: 'ico',
    auth: 'user',
    input: icoApplyRequestSchema,
    output: icoCommitmentSchema,
    handler: async ({ db, session, trading, input }) => commitToIco(db, session, input, trading.clock.now()),
  }),
];
