import type { Route } from './first-load';

/**
 * The balances' method and path, as first-load.ts keeps its records: ./assets.ts spreads it and the
 * wallet's hand-checked call (../assets-first-endpoints.ts) names it, so the path is written once.
 * A file of its own, not a record of first-load.ts, whose records ride in the first load of `/`:
 * a guest's Home never asks for the balances.
 */
export const userAssetsRoute = { method: 'POST', path: '/user/assets' } as const satisfies Route;
