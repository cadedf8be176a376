import { offlineEndpoints } from '../../domain/protocol/endpoints/offline';
import { implement, type RouteDef } from '../http/route';
import { applyOffline } from '../primary/bulk/offline-apply';
import { listOfflineApplications, listOfflineIpos } from '../primary/bulk/offline-reads';
import { viewerOf } from './viewer';

/** Offline subscription: an IPO's institutional tranche, see domain/ipo/offline.ts. */
export const offlineRoutes: RouteDef[] = [
  implement(offlineEndpoints.list, {
    summary: "IPOs with their offline (institutional) tranche: window, limits and the pool's demand",
    tag: 'ipo',
    handler: async (ctx) => listOfflineIpos(ctx.db, await viewerOf(ctx), ctx.input),
  }),
  implement(offlineEndpoints.today, {
    summary: 'IPOs taking offline applications now',
    tag: 'ipo',
    handler: async (ctx) => listOfflineIpos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'open' }),
  }),
  implement(offlineEndpoints.apply, {
    summary:
      'Apply offline for an IPO with the trade password: holds issue price × lots (+ costs); allotted pro rata',
    tag: 'ipo',
    handler: async ({ db, session, trading, input }) => applyOffline(db, session, input, trading.clock.now()),
  }),
  implement(offlineEndpoints.applications, {
    summary: "The account's offline applications, newest first: held, allotted, charged, refunded",
    tag: 'ipo',
    handler: async ({ db, session, trading, input }) =>
      listOfflineApplications(db, session, trading.clock.now(), input),
  }),
];
