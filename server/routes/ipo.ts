import { ipoEndpoints } from '../../domain/protocol/endpoints/ipo';
import { implement, type RouteDef } from '../http/route';
import { applyForIpo } from '../primary/ipo/apply';
import { payForAllotment } from '../primary/ipo/pay';
import { comingIpos, ipoDetail, listApplications, listIpos } from '../primary/ipo/reads';
import { viewerOf } from './viewer';

/** Stock IPOs: the offerings are public (see ./viewer), applying is not. */
export const ipoRoutes: RouteDef[] = [
  implement(ipoEndpoints.list, {
    summary: 'Stock IPOs, newest window first (optionally one status), with prospectus facts and live demand',
    tag: 'ipo',
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  implement(ipoEndpoints.today, {
    summary: 'Stock IPOs accepting subscriptions now',
    tag: 'ipo',
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  }),
  implement(ipoEndpoints.coming, {
    summary: 'Stock IPOs not open yet, soonest first',
    tag: 'ipo',
    handler: async (ctx) => comingIpos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  implement(ipoEndpoints.info, {
    summary: 'One stock IPO: prospectus, demand by request size (for the expected-lots estimate) and costs',
    tag: 'ipo',
    handler: async (ctx) => ipoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  }),
  implement(ipoEndpoints.applications, {
    summary: "The account's IPO applications, newest first: status, held, charged, refunded, allotted lots",
    tag: 'ipo',
    handler: async ({ db, session, trading, input }) =>
      listApplications(db, session, trading.clock.now(), input),
  }),
  implement(ipoEndpoints.apply, {
    summary:
      'Apply for an IPO with the trade password: holds issue price × lots (+ costs) from the stock account ' +
      '(pay-after IPOs hold nothing); action=pay pays the lots won in a pay-after IPO before its deadline',
    tag: 'ipo',
    handler: async ({ db, session, trading, input }) =>
      input.action === 'pay'
        ? payForAllotment(db, session, input, trading.clock.now())
        : applyForIpo(db, session, input, trading.clock.now()),
  }),
];
