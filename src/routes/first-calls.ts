import { assetEndpoints } from '../../domain/protocol/endpoints/assets';
import { contractEndpoints } from '../../domain/protocol/endpoints/contracts';
import { fundingBankEndpoints as bank } from '../../domain/protocol/endpoints/funding-bank';
import { fundsRecordEndpoints } from '../../domain/protocol/endpoints/funds-record';
import {
  coinInfosRoute,
  coinTickersRoute,
  hotRoute,
  indicesRoute,
  loginInfoRoute,
  stockListRoute,
} from '../../domain/protocol/endpoints/first-load';
import { ipoEndpoints } from '../../domain/protocol/endpoints/ipo';
import { offlineEndpoints } from '../../domain/protocol/endpoints/offline';
import type { FirstCall } from './prefetch';

/**
 * The reads a screen makes as it opens, by route: what a press on a link to it, or the navigation
 * to it, starts ahead of the screen's code (prefetch-data.ts), so that on a phone its answers are
 * on the way, or here, when the screen mounts. Each must be the screen's own call to the letter
 * (path, query and its order): a call that differs is only a wasted request, as the screen then
 * asks itself. A screen whose first calls depend on its query (a segment) names them by query.
 * GETs, and the server's reads that are POSTs without fields (coins, balances, open contracts),
 * which the early cache takes as reads too (src/api/early.ts): a POST with fields is never sent
 * for a screen the user may not open.
 *
 * Plain data beside the route table, one place for every route.
 */
export type FirstCalls = readonly FirstCall[] | ((query: URLSearchParams) => readonly FirstCall[]);

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
  { endpoint: assetEndpoints.assets, signedIn: true },
  { endpoint: contractEndpoints.listActive, signedIn: true },
];

export const FIRST_CALLS: Readonly<Record<string, FirstCalls>> = {
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
    { endpoint: ipoEndpoints.today, query: { size: 50 } },
    { endpoint: ipoEndpoints.coming, query: { size: 20 } },
    { endpoint: ipoEndpoints.list, query: { size: 20 } },
    { endpoint: offlineEndpoints.today, query: { size: 1 } },
  ],
  // screens/markets/markets-screen.tsx: stocks unless another segment is named (coins are POSTs).
  '/pages/tabbar/markets': (query) => {
    const segment = query.get('segment');
    if (segment === 'coins') return [];
    return segment === 'indices' ? [INDICES] : [STOCK_PAGE, INDICES];
  },
  // screens/mine/mine-screen.tsx (state/login-info.ts): a guest's Mine asks for nothing.
  '/pages/tabbar/mine': [{ endpoint: loginInfoRoute, signedIn: true }, ...PORTFOLIO],
  // screens/funding/recharge-screen.tsx
  '/pages/recharge/recharge': [{ endpoint: bank.depositStatus }],
  // screens/funding/bank-withdraw-screen.tsx: the status and the cards, asked together.
  '/pages/withdraw/bankWithdraw': [
    { endpoint: bank.withdrawStatus },
    { endpoint: bank.cards, query: { page: 1, size: 50 } },
  ],
  // screens/funding/deposit-records.tsx, in TRY.
  '/pages/recharge/bankRecord': [{ endpoint: bank.deposits, query: { currency: 'TRY', page: 1, size: 20 } }],
  // screens/funding/withdraw-record-screen.tsx, all statuses.
  '/pages/withdraw/withdrawRecord': [{ endpoint: bank.withdrawals, query: { page: 1, size: 20 } }],
  // screens/trade/stock-funds-screen.tsx (components/trade/tx-record-list.tsx), all kinds.
  '/pages/fundsDetail/stockFundsDetail': [
    { endpoint: fundsRecordEndpoints.txRecord, query: { wallet: 'stock', page: 1, size: 20 } },
  ],
  // screens/funding/bank-list-screen.tsx
  '/pages/wallet/bankList': [{ endpoint: bank.cards, query: { page: 1, size: 50 } }],
};

/** The first calls of the screen at `path`, opened with `search` (a URL's query, `?` or not). */
export function firstCallsOf(path: string, search = ''): readonly FirstCall[] {
  const calls = FIRST_CALLS[path];
  if (!calls) return [];
  return typeof calls === 'function' ? calls(new URLSearchParams(search)) : calls;
}
