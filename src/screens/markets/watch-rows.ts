import type { CoinTicker, StockQuote } from '../../../domain/protocol/market';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { getCoinQuotes } from '../../market/coin-quotes';
import { getWatchlist, MAX_PAGE_SIZE, type WatchKind } from '../../market/watchlist-calls';
import { fromCoinQuote, fromStockQuote, type RowQuote } from '../../market/quote';
import { setWatched } from '../../market/watchlist';

function isStockQuote(quote: StockQuote | CoinTicker | null): quote is StockQuote {
  return quote !== null && 'name' in quote;
}

async function stockRows(symbols: string[], quotes: Map<string, StockQuote>): Promise<RowQuote[]> {
  const missing = symbols.some((symbol) => !quotes.has(symbol));
  if (missing) {
    // Stocks and indices, most traded first: the watched ones are most likely among them.
    const page = await call(
      firstLoad.stockList,
      { page: 1, size: MAX_PAGE_SIZE, sort: 'turnover', order: 'desc' },
      { silent: true },
    );
    for (const quote of page.list) if (!quotes.has(quote.symbol)) quotes.set(quote.symbol, quote);
  }
  return symbols.flatMap((symbol) => {
    const quote = quotes.get(symbol);
    return quote ? [fromStockQuote(quote)] : [];
  });
}

/**
 * A watchlist as list rows. Names and decimals come from the catalogue, because a watchlist
 * answer may hold only symbols; the live stream supplies prices either way.
 */
export async function loadWatchRows(kind: WatchKind): Promise<RowQuote[]> {
  const items = await getWatchlist(kind, { silent: true });
  for (const item of items) setWatched(kind, item.symbol, true);
  const symbols = items.map((item) => item.symbol);
  if (kind === 'stock') {
    const quotes = new Map<string, StockQuote>();
    for (const item of items) if (isStockQuote(item.quote)) quotes.set(item.symbol, item.quote);
    return stockRows(symbols, quotes);
  }
  if (symbols.length === 0) return [];
  const coins = new Map((await getCoinQuotes({ silent: true })).map((coin) => [coin.symbol, coin]));
  return symbols.flatMap((symbol) => {
    const coin = coins.get(symbol);
    return coin ? [fromCoinQuote(coin)] : [];
  });
}
