import { icoEndpoints } from '../../domain/protocol/endpoints/ico';
import { implementAll } from '../http/route';
import { commitToIco } from '../primary/ico/commit';
import { comingIcos, icoDetail, listCommitments, listIcos } from '../primary/ico/reads';
import { viewerOf } from './viewer';

/**
 * Coin ICOs: POST like the rest of SPEC §7's coin API. The sales are public; a
 * signed-in caller's token, when sent, adds what they committed and shows their account's pool.
 */
export const icoRoutes = implementAll(icoEndpoints, 'ico', {
  list: {
    summary: 'Coin sales, newest window first (optionally one status), with terms and live totals',
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), ctx.input),
  },
  today: {
    summary: 'Coin sales taking commitments now',
    handler: async (ctx) => listIcos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  },
  coming: {
    summary: 'Coin sales not open yet, soonest first',
    handler: async (ctx) => comingIcos(ctx.db, await viewerOf(ctx), ctx.input),
  },
  info: {
    summary: 'One coin sale: terms, dates, live total committed (the pro-rata estimate) and status',
    handler: async (ctx) => icoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  },
  commitments: {
    summary: "The account's coin sale commitments, newest first: committed, spent, refunded, tokens",
    handler: async ({ db, session, input }) => listCommitments(db, session, input),
  },
  commit: {
    summary: 'Commit USDT to a coin sale with the trade password: one ledgered hold on the coin account',
    handler: async ({ db, session, trading, input }) => commitToIco(db, session, input, trading.clock.now()),
  },
});
