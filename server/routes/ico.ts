import { icoEndpoints } from '../../domain/protocol/endpoints/ico';
import { implement, type RouteDef } from '../http/route';
import { commitToIco } from '../primary/ico/commit';
import { comingIcos, icoDetail, listCommitments, listIcos } from '../primary/ico/reads';
import { viewerOf } from './viewer';

/**
 * Coin ICOs: POST like the rest of SPEC §7's coin API. The sales are public; a
 * signed-in caller's token, when sent, adds what they committed and shows their account's pool.
 */
export const icoRoutes: RouteDef[] = [
  implement(icoEndpoints.list, {
    summary: 'Coin sales, newest window first (optionally one status), with terms and live totals',
    tag: 'ico',
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  implement(icoEndpoints.today, {
    summary: 'Coin sales taking commitments now',
    tag: 'ico',
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  }),
  implement(icoEndpoints.coming, {
    summary: 'Coin sales not open yet, soonest first',
    tag: 'ico',
    handler: async (ctx) => comingIcos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  implement(icoEndpoints.info, {
    summary: 'One coin sale: terms, dates, live total committed (the pro-rata estimate) and status',
    tag: 'ico',
    handler: async (ctx) => icoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  }),
  implement(icoEndpoints.commitments, {
    summary: "The account's coin sale commitments, newest first: committed, spent, refunded, tokens",
    tag: 'ico',
    handler: async ({ db, session, input }) => listCommitments(db, session, input),
  }),
  implement(icoEndpoints.commit, {
    summary: 'Commit USDT to a coin sale with the trade password: one ledgered hold on the coin account',
    tag: 'ico',
    handler: async ({ db, session, trading, input }) => commitToIco(db, session, input, trading.clock.now()),
  }),
];
