import Decimal from 'decimal.js';
import { priceChange } from '../../domain/market/change';
import type { Market } from '../../domain/market/instrument';
import { bistBand, fromSteps, STOCK_PRICE_SCALE, toSteps } from '../../domain/market/ticks';
import type {
  CoinInfo,
  CoinTicker,
  SearchHit,
  StockInfo,
  StockListSort,
  StockQuote,
} from '../../domain/protocol/market';
import type { Instrument, MarketSource, SourceTicker } from './source';

/**
 * The REST answers built from the market source: every figure is the source's, and the
 * derived ones (change, percentage, band) are exact maths on its strings (DECISIONS §6).
 */

/**
 * Change and change % of a ticker, by the one formula the worker shows live ticks with
 * (domain/market/change.ts). The source prints on the instrument's grid; a price off it is a
 * source bug, not something to paper over.
 */
export function tickerChange(
  ticker: SourceTicker,
  instrument: Instrument,
): { change: string; changePct: string } {
  const answer = priceChange(ticker.last, ticker.prev, instrument.priceScale);
  if (!answer)
    throw new Error(`${instrument.symbol}: source price off the grid (${ticker.last}, ${ticker.prev})`);
  return answer;
}

/** An instrument of one of `markets`, or undefined (an unknown symbol, or one of another kind). */
export function findInstrument(
  source: MarketSource,
  symbol: string,
  markets: readonly Market[],
): Instrument | undefined {
  const instrument = source.instrument(symbol);
  return instrument && markets.includes(instrument.market) ? instrument : undefined;
}

/** A ticker for anything in the catalogue: before its first print, flat at zero. */
function tickerOf(source: MarketSource, symbol: string): SourceTicker {
  return (
    source.ticker(symbol) ?? {
      symbol,
      last: '0',
      open: '0',
      high: '0',
      low: '0',
      prev: '0',
      volume: '0',
      turnover: '0',
      t: 0,
    }
  );
}

export function stockQuote(source: MarketSource, instrument: Instrument): StockQuote {
  const ticker = tickerOf(source, instrument.symbol);
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    market: instrument.market === 'index' ? 'index' : 'stock',
    country: instrument.country,
    price: ticker.last,
    prevClose: ticker.prev,
    open: ticker.open,
    high: ticker.high,
    low: ticker.low,
    ...tickerChange(ticker, instrument),
    volume: ticker.volume,
    turnover: ticker.turnover,
    ts: ticker.t,
  };
}

/** Today's band around the previous close, on valid ticks; null for an index or before a close. */
export function bandOf(instrument: Instrument, prevClose: string): { upper: string; lower: string } | null {
  if (instrument.market !== 'stock' || instrument.group === null) return null;
  const steps = toSteps(prevClose, STOCK_PRICE_SCALE);
  if (!Number.isSafeInteger(steps) || steps <= 0) return null;
  const band = bistBand(steps, instrument.group);
  return { upper: fromSteps(band.upper, STOCK_PRICE_SCALE), lower: fromSteps(band.lower, STOCK_PRICE_SCALE) };
}

/** A stock's or index's facts; `listingAt` for an IPO's stock (it trades from then on). */
export function stockInfo(source: MarketSource, instrument: Instrument, listingAt?: number): StockInfo {
  const quote = stockQuote(source, instrument);
  const band = bandOf(instrument, quote.prevClose);
  return {
    ...quote,
    group: instrument.market === 'stock' ? instrument.group : null,
    t1: instrument.t1,
    lot: instrument.lot,
    priceScale: instrument.priceScale,
    upperLimit: band?.upper ?? null,
    lowerLimit: band?.lower ?? null,
    members: [...instrument.members],
    status: source.status('BIST'),
    ...(listingAt === undefined ? {} : { listingAt }),
  };
}

/** A pair's facts; `listingAt` for a coin sale's token (it trades from then on). */
export function coinInfo(instrument: Instrument, listingAt?: number): CoinInfo {
  return {
    symbol: instrument.symbol,
    base: instrument.base ?? '',
    quote: instrument.quote ?? '',
    name: instrument.name,
    priceScale: instrument.priceScale,
    qtyScale: instrument.qtyScale,
    minQty: instrument.minQty,
    ...(listingAt === undefined ? {} : { listingAt }),
  };
}

export function coinTicker(source: MarketSource, instrument: Instrument): CoinTicker {
  const ticker = tickerOf(source, instrument.symbol);
  return {
    symbol: instrument.symbol,
    price: ticker.last,
    open: ticker.prev,
    high: ticker.high,
    low: ticker.low,
    ...tickerChange(ticker, instrument),
    volume: ticker.volume,
    quoteVolume: ticker.turnover,
    mark: source.mark(instrument.symbol)?.mark ?? ticker.last,
    ts: ticker.t,
  };
}

const SORT_BY: Record<StockListSort, (q: StockQuote) => string> = {
  symbol: (q) => q.symbol,
  price: (q) => q.price,
  changePct: (q) => q.changePct,
  volume: (q) => q.volume,
  turnover: (q) => q.turnover,
};

/** Sorts quotes by a field (decimal fields compared as Decimals), ties by symbol. */
export function sortQuotes(quotes: StockQuote[], sort: StockListSort, order: 'asc' | 'desc'): StockQuote[] {
  const sign = order === 'asc' ? 1 : -1;
  const read = SORT_BY[sort];
  const bySymbol = (a: StockQuote, b: StockQuote) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
  if (sort === 'symbol') return [...quotes].sort((a, b) => sign * bySymbol(a, b));
  const keyed = quotes.map((q) => ({ q, key: new Decimal(read(q)) }));
  keyed.sort((a, b) => sign * a.key.comparedTo(b.key) || bySymbol(a.q, b.q));
  return keyed.map((k) => k.q);
}

/**
 * Folds text for matching as Turkish users type: i, İ, ı and I are one letter (a user on an
 * English keyboard types "isctr" for İŞCTR), and ç ğ ö ş ü match their plain letters.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Stocks, indices and coins matching a keyword: symbol prefixes first, then names containing it. */
export function searchInstruments(source: MarketSource, keyword: string, max: number): SearchHit[] {
  const needle = foldForSearch(keyword.trim());
  if (needle === '') return [];
  const ranked: { rank: number; instrument: Instrument }[] = [];
  for (const instrument of source.instruments()) {
    const symbol = foldForSearch(instrument.symbol);
    const rank =
      symbol === needle
        ? 0
        : symbol.startsWith(needle)
          ? 1
          : foldForSearch(instrument.name).includes(needle) || symbol.includes(needle)
            ? 2
            : -1;
    if (rank >= 0) ranked.push({ rank, instrument });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.instrument.symbol < b.instrument.symbol ? -1 : a.instrument.symbol > b.instrument.symbol ? 1 : 0),
  );
  return ranked.slice(0, max).map(({ instrument }) => {
    const ticker = tickerOf(source, instrument.symbol);
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      market: instrument.market,
      price: ticker.last,
      changePct: tickerChange(ticker, instrument).changePct,
    };
  });
}
