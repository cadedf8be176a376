/**
 * A declaration's method and path alone (endpoint.ts's Method, spelled here: the build's plugins
 * read this file, so it imports nothing).
 */
export type Route = { readonly method: 'GET' | 'POST'; readonly path: string };

/*
 * The method and path of the declarations the first screen, the page's preload script and the
 * worker's first load call before zod loads: the declarations beside this file spread them, so
 * each path is still written once, and the first load takes only the records it names, not every
 * declaration's schemas (scripts/bundle-budget.mjs). One export each, so a chunk keeps only its own.
 */
export const configRoute = { method: 'GET', path: '/common/config' } as const;
export const loginInfoRoute = { method: 'GET', path: '/user/login/info' } as const;
export const logoutRoute = { method: 'POST', path: '/user/logout' } as const;
export const indicesRoute = { method: 'GET', path: '/stock/index/indices/list' } as const;
export const hotRoute = { method: 'GET', path: '/stock/index/list/hot' } as const;
export const stockListRoute = { method: 'GET', path: '/stock/index/list' } as const;
export const searchRoute = { method: 'GET', path: '/stock/index/search' } as const;
export const stockInfoRoute = { method: 'GET', path: '/stock/index/info' } as const;
export const coinInfosRoute = { method: 'POST', path: '/coin/infos' } as const;
export const coinTickersRoute = { method: 'POST', path: '/coin/tickers' } as const;
export const coinTickerRoute = { method: 'POST', path: '/coin/ticker' } as const;
export const coinAssetsRoute = { method: 'POST', path: '/coin/assets' } as const;

/** A watchlist's three calls (written out: a call at load would keep them in every chunk). */
export const stockWatchlistRoutes = {
  add: { method: 'POST', path: '/stock/collect/add' },
  del: { method: 'POST', path: '/stock/collect/del' },
  list: { method: 'POST', path: '/stock/collect/list' },
} as const;
export const coinWatchlistRoutes = {
  add: { method: 'POST', path: '/coin/collect/add' },
  del: { method: 'POST', path: '/coin/collect/del' },
  list: { method: 'POST', path: '/coin/collect/list' },
} as const;
