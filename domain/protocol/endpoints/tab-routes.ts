import type { Route } from './first-load';

/**
 * The methods and paths of the tabs' first reads that first-load.ts does not hold, as it keeps its
 * records: the declarations beside this file spread them, so each path is still written once. The
 * idle app asks them for a tap before zod and the declarations' schemas have loaded
 * (src/routes/tab-calls.ts). A file of its own, not records of first-load.ts, whose records ride
 * in the first load of `/`, which asks none of these.
 */
export const activeContractsRoute = {
  method: 'POST',
  path: '/coin/contract/order/list/active',
} as const satisfies Route;
export const ipoListRoute = { method: 'GET', path: '/stock/index/new/list' } as const satisfies Route;
export const ipoTodayRoute = { method: 'GET', path: '/stock/index/new/today' } as const satisfies Route;
export const ipoComingRoute = {
  method: 'GET',
  path: '/stock/index/new/list/coming',
} as const satisfies Route;
export const offlineTodayRoute = {
  method: 'GET',
  path: '/stock/index/offline/today',
} as const satisfies Route;
