import { offlineEndpoints } from '../../domain/protocol/endpoints/offline';
import { implementAll } from '../http/route';
import { applyOffline } from '../primary/bulk/offline-apply';
import { listOfflineApplications, listOfflineIpos } from '../primary/bulk/offline-reads';
import { viewerOf } from './viewer';

/** Offline subscription: an IPO's institutional tranche, see domain/ipo/offline.ts. */
export const offlineRoutes = implementAll(offlineEndpoints, 'ipo', {
  list: {
    summary: "IPOs with their offline (institutional) tranche: window, limits and the pool's demand",
    handler: async (ctx) => listOfflineIpos(ctx.db, await viewerOf(ctx), ctx.input),
  },
  today: {
    summary: 'IPOs taking offline applications now',
    handler: async (ctx) => listOfflineIpos(ctx.db, await viewerOf(ctx), { ...ctx.input, status: 'open' }),
  },
  apply: {
    summary:
      'Apply offline for an IPO with the trade password: holds issue price × lots (+ costs); allotted pro rata',
    handler: async ({ db, session, trading, input }) => applyOffline(db, session, input, trading.clock.now()),
  },
  applications: {
    summary: "The account's offline applications, newest first: held, allotted, charged, refunded",
    handler: async ({ db, session, trading, input }) =>
      listOfflineApplications(db, session, trading.clock.now(), input),
  },
});
