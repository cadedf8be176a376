import type { FirstCall } from './prefetch';

/**
 * The GETs a screen makes as it opens, by route: what a press on a link to it starts ahead of the
 * screen's code (prefetch-data.ts), so that on a phone its answers are on the way, or here, when
 * the screen mounts. Each must be the screen's own call to the letter (path, query and its order):
 * a call that differs is only a wasted request, as the screen then asks itself.
 *
 * Plain data beside the route table, one place for every route.
 */
export const FIRST_CALLS: Readonly<Record<string, readonly FirstCall[]>> = {
  // screens/ipo/ipo-tab-screen.tsx: its four lists, asked together.
  '/pages/tabbar/ipo': [
    { api: '/stock/index/new/today', query: { size: 50 } },
    { api: '/stock/index/new/list/coming', query: { size: 20 } },
    { api: '/stock/index/new/list', query: { size: 20 } },
    { api: '/stock/index/offline/today', query: { size: 1 } },
  ],
  // screens/funding/bank-list-screen.tsx
  '/pages/wallet/bankList': [{ api: '/bank/list', query: { page: 1, size: 50 } }],
};
