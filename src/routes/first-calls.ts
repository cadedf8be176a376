import { fundingBankEndpoints as bank } from '../../domain/protocol/endpoints/funding-bank';
import { fundsRecordEndpoints } from '../../domain/protocol/endpoints/funds-record';
import type { FirstCall } from './prefetch';
import { TAB_CALLS } from './tab-calls';

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

export const FIRST_CALLS: Readonly<Record<string, FirstCalls>> = {
  // The tabs' (tab-calls.ts: asked on idle before zod has loaded).
  ...TAB_CALLS,
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
