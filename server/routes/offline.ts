import {
  offlineApplicationListRequestSchema,
  offlineApplicationPageSchema,
  offlineApplicationSchema,
  offlineApplyRequestSchema,
  offlineIpoPageSchema,
  offlineListRequestSchema,
} from '../../domain/protocol/bulk';
import { ipoPagedRequestSchema } from '../../domain/protocol/ipo';
import { defineRoute, type RouteDef } from '../http/route';
import { applyOffline } from '../primary/bulk/offline-apply';
import { listOfflineApplications, listOfflineIpos } from '../primary/bulk/offline-reads';
import { viewerSession } from './viewer';

/** Offline subscription: an IPO's institutional tranche, see domain/ipo/offline.ts. */
export const offlineRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/stock/index/offline/list',
    summary: "IPOs with their offline (institutional) tranche: window, limits and the pool's demand",
    tag: 'ipo',
    auth: 'none',
    input: offlineListRequestSchema,
    output: offlineIpoPageSchema,
    handler: async ({ db, locale, trading, req, input }) =>
      listOfflineIpos(
        db,
        { session: await viewerSession(db, req.headers.accesstoken), locale, now: trading.clock.now() },
        input,
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/offline/today',
    summary: 'IPOs taking offline applications now',
    tag: 'ipo',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: offlineIpoPageSchema,
    handler: async ({ db, locale, trading, req, input }) =>
      listOfflineIpos(
        db,
        { session: await viewerSession(db, req.headers.accesstoken), locale, now: trading.clock.now() },
        { ...input, status: 'open' },
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/order/offline/apply',
    summary:
      'Apply offline for an IPO with the trade password: holds issue price × lots (+ costs); allotted pro rata',
    tag: 'ipo',
    auth: 'user',
    input: offlineApplyRequestSchema,
    output: offlineApplicationSchema,
    handler: async ({ db, session, trading, input }) => applyOffline(db, session, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/order/offline/list',
    summary: "The account's offline applications, newest first: held, allotted, charged, refunded",
    tag: 'ipo',
    auth: 'user',
    input: offlineApplicationListRequestSchema,
    output: offlineApplicationPageSchema,
    handler: async ({ db, session, trading, input }) =>
      listOfflineApplications(db, session, trading.clock.now(), input),
  }),
];
