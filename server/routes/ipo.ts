import { ipoEndpoints } from '../../domain/protocol/endpoints/ipo';
import { implementAll } from '../http/route';
import { applyForIpo } from '../primary/ipo/apply';
import { payForAllotment } from '../primary/ipo/pay';
import { comingIpos, ipoDetail, listApplications, listIpos } from '../primary/ipo/reads';
import { viewerOf } from './viewer';

/** Stock IPOs: the offerings are public (see ./viewer), applying is not. */
export const ipoRoutes = implementAll(ipoEndpoints, 'ipo', {
  list: {
    summary: 'Stock IPOs, newest window first (optionally one status), with prospectus facts and live demand',
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), ctx.input),
  },
  today: {
    summary: 'Stock IPOs accepting subscriptions now',
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  },
  coming: {
    summary: 'Stock IPOs not open yet, soonest first',
    handler: async (ctx) => comingIpos(ctx.db, await viewerOf(ctx), ctx.input),
  },
  info: {
    summary: 'One stock IPO: prospectus, demand by request size (for the expected-lots estimate) and costs',
    handler: async (ctx) => ipoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  },
  applications: {
    summary: "The account's IPO applications, newest first: status, held, charged, refunded, allotted lots",
    handler: async ({ db, session, trading, input }) =>
      listApplications(db, session, trading.clock.now(), input),
  },
  apply: {
    summary:
      'Apply for an IPO with the trade password: holds issue price × lots (+ costs) from the stock account ' +
      '(pay-after IPOs hold nothing); action=pay pays the lots won in a pay-after IPO before its deadline',
    handler: async ({ db, session, trading, input }) =>
      input.action === 'pay'
        ? payForAllotment(db, session, input, trading.clock.now())
        : applyForIpo(db, session, input, trading.clock.now()),
  },
});
