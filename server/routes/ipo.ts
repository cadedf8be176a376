import {
  ipoApplicationListRequestSchema,
  ipoApplicationPageSchema,
  ipoApplicationSchema,
  ipoApplyRequestSchema,
  ipoDetailSchema,
  ipoInfoRequestSchema,
  ipoListRequestSchema,
  ipoPagedRequestSchema,
  ipoPageSchema,
} from '../../domain/protocol/ipo';
import { defineRoute, type RouteDef } from '../http/route';
import { applyForIpo } from '../primary/ipo/apply';
import { payForAllotment } from '../primary/ipo/pay';
import { comingIpos, ipoDetail, listIpos, listApplications } from '../primary/ipo/reads';
import { viewerOf } from './viewer';

/** Stock IPOs: the offerings are public (see ./viewer), applying is not. */
export const ipoRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/stock/index/new/list',
    summary: 'Stock IPOs, newest window first (optionally one status), with prospectus facts and live demand',
    tag: 'ipo',
    auth: 'none',
    input: ipoListRequestSchema,
    output: ipoPageSchema,
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/new/today',
    summary: 'Stock IPOs accepting subscriptions now',
    tag: 'ipo',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: ipoPageSchema,
    handler: async (ctx) => listIpos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'subscribing' }),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/new/list/coming',
    summary: 'Stock IPOs not open yet, soonest first',
    tag: 'ipo',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: ipoPageSchema,
    handler: async (ctx) => comingIpos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/new/info',
    summary: 'One stock IPO: prospectus, demand by request size (for the expected-lots estimate) and costs',
    tag: 'ipo',
    auth: 'none',
    input: ipoInfoRequestSchema,
    output: ipoDetailSchema,
    handler: async (ctx) => ipoDetail(ctx.db, await viewerOf(ctx), ctx.input.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/order/new/list',
    summary: "The account's IPO applications, newest first: status, held, charged, refunded, allotted lots",
    tag: 'ipo',
    auth: 'user',
    input: ipoApplicationListRequestSchema,
    output: ipoApplicationPageSchema,
    handler: async ({ db, session, trading, input }) =>
      listApplications(db, session, trading.clock.now(), input),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/order/new/apply',
    summary:
      'Apply for an IPO with the trade password: holds issue price × lots (+ costs) from the stock account ' +
      '(pay-after IPOs hold nothing); action=pay pays the lots won in a pay-after IPO before its deadline',
    tag: 'ipo',
    auth: 'user',
    input: ipoApplyRequestSchema,
    output: ipoApplicationSchema,
    handler: async ({ db, session, trading, input }) =>
      input.action === 'pay'
        ? payForAllotment(db, session, input, trading.clock.now())
        : applyForIpo(db, session, input, trading.clock.now()),
  }),
];
