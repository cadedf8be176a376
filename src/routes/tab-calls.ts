import { userAssetsRoute } from '../../domain/protocol/endpoints/assets-route';
import {
  coinAssetsRoute,
  coinInfosRoute,
  coinTickersRoute,
  hotRoute,
  indicesRoute,
  loginInfoRoute,
  stockListRoute,
} from '../../domain/protocol/endpoints/first-load';
import {
  activeContractsRoute,
  ipoComingRoute,
  ipoListRoute,
  ipoTodayRoute,
  offlineTodayRoute,
} from '../../domain/protocol/endpoints/tab-routes';
import type { FirstCall } from './prefetch';

/**
 * The tabs' first reads (first-calls.ts takes them from here), named by their declarations' route
 * records alone: a read is asked by its method and path, and its answer checked by the screen's own
 * call. Without zod or a declaration's schema, the idle app can ask them as soon as the route table
 * has loaded (keep-tabs-warm.ts), not after ~40 KB of zod and schemas on a phone's network.
 */
// The BIST indices and session (components/market/use-bist-session.ts): Home's strip and badge,
// and Markets' badge and indices segment.
const INDICES: FirstCall = { endpoint: indicesRoute };
// screens/markets/use-stock-pages.ts: the first page in the default sort, by turnover.
const STOCK_PAGE: FirstCall = {
  endpoint: stockListRoute,
  query: { page: 1, size: 30, sort: 'turnover', order: 'desc', market: 'stock' },
};

// components/portfolio/use-portfolio.ts: the balances and open contracts of Home's card and Mine.
const PORTFOLIO: readonly FirstCall[] = [
  { endpoint: userAssetsRoute, signedIn: true },
  { endpoint: activeContractsRoute, signedIn: true },
];

export const TAB_CALLS = {
  // screens/tabbar/home-lists.tsx (market/coin-quotes.ts) and index-strip.tsx; the portfolio's.
  '/pages/tabbar/home': [
    INDICES,
    { endpoint: hotRoute },
    { endpoint: coinInfosRoute },
    { endpoint: coinTickersRoute },
    ...PORTFOLIO,
  ],
  // screens/ipo/ipo-tab-screen.tsx: its four lists, asked together.
  '/pages/tabbar/ipo': [
    { endpoint: ipoTodayRoute, query: { size: 50 } },
    { endpoint: ipoComingRoute, query: { size: 20 } },
    { endpoint: ipoListRoute, query: { size: 20 } },
    { endpoint: offlineTodayRoute, query: { size: 1 } },
  ],
  // screens/markets/markets-screen.tsx: stocks unless another segment is named (coins are POSTs).
  '/pages/tabbar/markets': (query: URLSearchParams): readonly FirstCall[] => {
    const segment = query.get('segment');
    if (segment === 'coins') return [];
    return segment === 'indices' ? [INDICES] : [STOCK_PAGE, INDICES];
  },
  // screens/mine/mine-screen.tsx (state/login-info.ts): a guest's Mine asks for nothing.
  '/pages/tabbar/mine': [{ endpoint: loginInfoRoute, signedIn: true }, ...PORTFOLIO],
} as const satisfies Record<
  string,
  readonly FirstCall[] | ((query: URLSearchParams) => readonly FirstCall[])
>;

/**
 * The spot ticket's first reads, the pairs and the coin wallet: the Trade tab shows nothing without
 * them (src/screens/contract/spot-first-calls.ts). Not among the calls a navigation asks: the tab's
 * route loader asks these itself as it loads, and on which ticket the tab opens is the stored
 * choice, not the URL. An account screen's reads (a guest's Trade tab is login).
 */
export const SPOT_TICKET: readonly FirstCall[] = [
  { endpoint: coinInfosRoute, signedIn: true },
  { endpoint: coinAssetsRoute, signedIn: true },
];
