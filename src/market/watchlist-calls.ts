import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import type { CoinTicker, StockQuote } from '../../domain/protocol/market';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';

export type WatchKind = 'stock' | 'coin';

/** The most rows one page may ask for (DECISIONS §4 paging). */
export const MAX_PAGE_SIZE = 100;

/** A page cap, so a broker that ignores paging can't keep us looping. */
const MAX_WATCH_PAGES = 10;

/** One watchlist entry: the symbol and its quote as listed (live prices then come from the stream). */
export type WatchItem = { symbol: string; quote: StockQuote | CoinTicker | null };

const endpointsOf = (kind: WatchKind) =>
  kind === 'stock' ? firstLoad.stockWatchlist : firstLoad.coinWatchlist;

/** The user's whole watchlist, newest first. */
export async function getWatchlist(kind: WatchKind, options?: RequestOptions): Promise<WatchItem[]> {
  const items: WatchItem[] = [];
  for (let page = 1; page <= MAX_WATCH_PAGES; page++) {
    const body = { page, size: MAX_PAGE_SIZE };
    const { list, total } =
      kind === 'stock'
        ? await call(firstLoad.stockWatchlist.list, body, options)
        : await call(firstLoad.coinWatchlist.list, body, options);
    items.push(...list.map((quote) => ({ symbol: quote.symbol, quote })));
    if (items.length >= total || list.length < MAX_PAGE_SIZE) break;
  }
  return items;
}

export async function addToWatchlist(kind: WatchKind, symbol: string, options?: RequestOptions) {
  await call(endpointsOf(kind).add, { symbol }, options);
}

export async function removeFromWatchlist(kind: WatchKind, symbol: string, options?: RequestOptions) {
  await call(endpointsOf(kind).del, { symbol }, options);
}
