import type { Market } from '../../domain/market/instrument';
import type { SearchHit, StockQuote } from '../../domain/protocol/market';
import type { CoinQuote } from './coin-quotes';
import { market } from '../state/market';
import { sortRows, type Sort, type SortableRow } from './sort';

/**
 * One list row's starting values, from whichever REST answer listed it. The row shows these until
 * its first live ticker arrives; `vol` is traded value (TRY for BIST, USDT for coins), the figure
 * that compares across instruments, unlike share counts.
 */
export type RowQuote = {
  market: Market;
  symbol: string;
  name: string;
  last: string;
  change: string;
  pct: string;
  vol: string;
  /** Price decimals: BIST prices have 2, coin pairs their own scale. */
  decimals: number;
  /**
   * `vol` is the base's traded volume, not the quote's: USDT/TRY's traded value is in lira, 4.6
   * Mr that sorted above BTC's 2.1 Mr USDT in the crypto list; its USDT volume is the figure in
   * the unit of the other coin rows.
   */
  volFromBase?: true;
};

const BIST_DECIMALS = 2;

export function fromStockQuote(quote: StockQuote): RowQuote {
  return {
    market: quote.market,
    symbol: quote.symbol,
    name: quote.name,
    last: quote.price,
    change: quote.change,
    pct: quote.changePct,
    vol: quote.turnover,
    decimals: BIST_DECIMALS,
  };
}

export function fromCoinQuote(coin: CoinQuote): RowQuote {
  const inUsdt = coin.quote !== 'USDT' && coin.base === 'USDT';
  return {
    market: 'coin',
    symbol: coin.symbol,
    name: coin.name,
    last: coin.ticker?.price ?? '',
    change: coin.ticker?.change ?? '',
    pct: coin.ticker?.changePct ?? '',
    vol: (inUsdt ? coin.ticker?.volume : coin.ticker?.quoteVolume) ?? '',
    decimals: coin.priceScale,
    ...(inUsdt ? { volFromBase: true as const } : {}),
  };
}

/** Search hits carry no volume or decimals; coins show up to 8 (the price is truncated, never rounded). */
export function fromSearchHit(hit: SearchHit, coinDecimals = 8): RowQuote {
  return {
    market: hit.market,
    symbol: hit.symbol,
    name: hit.name,
    last: hit.price,
    change: '',
    pct: hit.changePct,
    vol: '',
    decimals: hit.market === 'coin' ? coinDecimals : BIST_DECIMALS,
  };
}

/**
 * The row's figures now (live where a ticker has arrived), read outside React so sorting on a
 * tap takes the current prices without subscribing the list to every tick.
 */
export function currentValues(row: RowQuote): SortableRow {
  const live = market.tickers[row.symbol];
  return {
    symbol: row.symbol,
    last: live?.last ?? row.last,
    pct: live?.pct ?? row.pct,
    vol: (row.volFromBase ? live?.vol : live?.turnover) ?? row.vol,
  };
}

/** Rows in the order of their current figures; a tick doesn't reorder them (rows never jump under a thumb). */
export function sortQuotes(rows: readonly RowQuote[], sort: Sort): RowQuote[] {
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return sortRows(rows.map(currentValues), sort).flatMap((values) => bySymbol.get(values.symbol) ?? []);
}
