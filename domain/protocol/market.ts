import { z } from 'zod';
import { INTERVALS, MARKETS } from '../market/instrument';
import { MARKET_STATES } from './market-states';

// Kept importable from here, where the schema that uses it is.
export { MARKET_STATES } from './market-states';

/**
 * REST answers of the market endpoints (spec/endpoints.txt: /stock/index/*, /coin/* market data,
 * watchlists). Prices and quantities are canonical decimal strings, times epoch ms (DECISIONS §4).
 * The WebSocket carries the same shapes' live updates (./market-stream.ts).
 */
const dec = z.string();
const ms = z.number().int();

/**
 * The figures of a period that a stock's quote and a coin's ticker both carry: its open, high and
 * low, the change of the price against the period's reference and that as a percentage with 2
 * decimals, and the base volume traded. The period is the session for a stock, 24 h for a coin.
 */
const periodFigures = { open: dec, high: dec, low: dec, change: dec, changePct: dec, volume: dec };

/** BIST session state (DECISIONS §5); coins are always `open`. */
export const marketStatusSchema = z.object({
  market: z.enum(['BIST', 'CRYPTO']),
  state: z.enum(MARKET_STATES),
  open: z.boolean(),
  /** When the session next opens / closes; null when not applicable (always open). */
  nextOpen: ms.nullable(),
  nextClose: ms.nullable(),
  /** Name of today's holiday, when `state` is holiday (a locale-neutral key, e.g. `republic_day`). */
  holiday: z.string().nullable(),
  ts: ms,
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** A stock's or index's quote: list rows, hot list, watchlist, info (info adds fields below). */
export const stockQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.enum(['stock', 'index']),
  country: z.string(),
  price: dec,
  /** The reference of `change`. */
  prevClose: dec,
  ...periodFigures,
  /** The value in TRY of the shares traded today. */
  turnover: dec,
  ts: ms,
});
export type StockQuote = z.infer<typeof stockQuoteSchema>;

/** The quote plus trading facts a ticket and the instrument screen need. */
export const stockInfoSchema = stockQuoteSchema.extend({
  /** 1 | 2 | 3 by BIST market group; null for an index. */
  group: z.number().int().min(1).max(3).nullable(),
  /** Shares bought settle T+1 (sellable from the next trading day). */
  t1: z.boolean(),
  lot: z.number().int(),
  priceScale: z.number().int(),
  /** Today's band; null for an index. */
  upperLimit: dec.nullable(),
  lowerLimit: dec.nullable(),
  /** For an index, its member symbols. */
  members: z.array(z.string()),
  status: marketStatusSchema,
  /**
   * An IPO's stock: when it starts trading (epoch ms); absent for other stocks. Before it the
   * broker refuses orders and options on it (NOT_TRADABLE, domain/rules/tradable `isListed`).
   */
  listingAt: ms.optional(),
});
export type StockInfo = z.infer<typeof stockInfoSchema>;

export const stockListSortSchema = z.enum(['symbol', 'price', 'changePct', 'volume', 'turnover']);
export type StockListSort = z.infer<typeof stockListSortSchema>;

/** The indices and the BIST session state for the status line. */
export const indicesAnswerSchema = z.object({ list: z.array(stockQuoteSchema), status: marketStatusSchema });
export type IndicesAnswer = z.infer<typeof indicesAnswerSchema>;

export const countrySchema = z.object({ code: z.string(), currency: z.string(), market: z.string() });
export const countryListSchema = z.object({ list: z.array(countrySchema) });

/** Stocks, indices and coins matching a keyword (symbol or name). */
export const searchHitSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.enum(MARKETS),
  price: dec,
  changePct: dec,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A coin pair's static facts: POST /coin/infos. */
export const coinInfoSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  name: z.string(),
  priceScale: z.number().int(),
  qtyScale: z.number().int(),
  minQty: dec,
  /**
   * A coin sale's token: when it starts trading (epoch ms); absent for other pairs. With the quote,
   * it decides whether the pair takes orders (domain/rules/tradable), so the tickets offer no other.
   */
  listingAt: ms.optional(),
});
export type CoinInfo = z.infer<typeof coinInfoSchema>;

/** 24 h rolling figures and the mark price. */
export const coinTickerSchema = z.object({
  symbol: z.string(),
  price: dec,
  /** `open` is the price 24 h ago, the reference of `change`. */
  ...periodFigures,
  /** The quote (USDT) volume over 24 h. */
  quoteVolume: dec,
  mark: dec,
  ts: ms,
});
export type CoinTicker = z.infer<typeof coinTickerSchema>;

/** One bar. `t` = open time (ms). */
export const candleSchema = z.object({ t: ms, o: dec, h: dec, l: dec, c: dec, v: dec });
export type Candle = z.infer<typeof candleSchema>;
export const candlesAnswerSchema = z.object({
  symbol: z.string(),
  interval: z.enum(INTERVALS),
  list: z.array(candleSchema),
});

/** A printed trade; `side` is the taker's. */
export const tradeSchema = z.object({
  id: z.string(),
  t: ms,
  price: dec,
  qty: dec,
  side: z.enum(['buy', 'sell']),
});
export type Trade = z.infer<typeof tradeSchema>;
export const tradesAnswerSchema = z.object({ symbol: z.string(), list: z.array(tradeSchema) });

/** [price, quantity]; bids best (highest) first, asks best (lowest) first. */
export const bookLevelSchema = z.tuple([dec, dec]);
export const bookSnapshotSchema = z.object({
  symbol: z.string(),
  /** The book stream's sequence number this snapshot is at (the WebSocket continues from it). */
  seq: z.number().int(),
  t: ms,
  bids: z.array(bookLevelSchema),
  asks: z.array(bookLevelSchema),
});
export type BookSnapshot = z.infer<typeof bookSnapshotSchema>;

export const coinInfosAnswerSchema = z.object({ list: z.array(coinInfoSchema) });
export const coinTickersAnswerSchema = z.object({ list: z.array(coinTickerSchema) });

/** The symbol and whether it is now watched. */
export const collectAnswerSchema = z.object({ symbol: z.string(), collected: z.boolean() });
