import type { TickerPrices } from '../../domain/market-data/contract';
import type { Interval, Market, StockGroup } from '../../domain/market/instrument';
import type { BookSnapshot, Candle, MarketStatus, Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { PriceProcess } from '../../domain/options/model';

/**
 * The one market-data source of the broker (DECISIONS §1): screens, fills and liquidations all
 * read it. The simulator (./simulator) is the default; for coins an exchange adapter
 * (./binance) can stand in. Prices and quantities are canonical decimal strings.
 */

/** A catalogue entry. */
export type Instrument = {
  symbol: string;
  name: string;
  market: Market;
  /** 'TR' for BIST stocks and indices; '' for coins. */
  country: string;
  priceScale: number;
  qtyScale: number;
  /** Stocks: BIST group (band) and T+1 flag; null/false otherwise. */
  group: StockGroup | null;
  t1: boolean;
  lot: number;
  /** Coins: base and quote assets. */
  base: string | null;
  quote: string | null;
  minQty: string;
  /** Indices: member symbols. */
  members: readonly string[];
};

/** The day's (stocks, indices) or rolling 24 h (coins) figures. */
export type SourceTicker = TickerPrices & {
  volume: string;
  turnover: string;
  t: number;
};

export type SourceMark = {
  symbol: string;
  mark: string;
  funding: string | null;
  nextFunding: number | null;
  t: number;
};

/** The integer steps an instrument's prices and quantities count in (10^-scale each). */
export type StepScales = { readonly price: number; readonly qty: number };

/**
 * What a source that works in integer steps (the simulator) hands over beside an event's strings,
 * so a listener that keeps the numbers (the replay recorder) need not read the strings back: the
 * same values at `scales`, valid while the listener runs (not to be kept or changed). Absent: the
 * source has only the strings.
 */
export type WithSteps<T> = { scales?: StepScales } & T;

/**
 * How a source that numbers its prints (the simulator) names a trades event's trades: `prefix`
 * followed by `first`, `first + 1`, … in order, so a listener that keeps numbers (the replay
 * recorder) need not read the ids back.
 */
export type NumberedIds = { readonly prefix: string; readonly first: number };

/**
 * What the source announces, in order. A book event is a diff with absolute quantities ('0'
 * removes) at `seq`, one more than the book's previous seq; `candle` is the live bar of one
 * interval (same `t` replaces). `steps` (see WithSteps): a trade's price and quantity after one
 * another, a book diff's levels as [price, qty] in the order of `bids` and `asks`, or a mark's price.
 */
export type MarketEvent =
  | { type: 'ticker'; symbol: string; ticker: SourceTicker }
  | WithSteps<{
      type: 'trades';
      symbol: string;
      trades: Trade[];
      steps?: readonly number[];
      ids?: NumberedIds;
    }>
  | WithSteps<{
      type: 'book';
      symbol: string;
      seq: number;
      t: number;
      bids: WireLevel[];
      asks: WireLevel[];
      steps?: {
        readonly bids: readonly (readonly [number, number])[];
        readonly asks: readonly (readonly [number, number])[];
      };
    }>
  | { type: 'candle'; symbol: string; interval: Interval; candle: Candle }
  | WithSteps<{ type: 'mark'; symbol: string; mark: SourceMark; steps?: number }>
  | { type: 'status'; status: MarketStatus };

export type MarketListener = (event: MarketEvent) => void;

/** An event's kind, as a listener names the ones it wants (MarketSource.on). */
export type MarketKind = MarketEvent['type'];

/**
 * A book's best levels in integer steps at `scales` (MarketSource.bookSteps): `[price, qty, …]`
 * a side, best first, at the book's `seq` and time.
 */
export type BookSteps = { seq: number; t: number; scales: StepScales; bids: number[]; asks: number[] };

/** An instrument's bars by interval, oldest first, as a source printed them. */
export type TradedBars = Partial<Record<Interval, readonly Candle[]>>;

/** What a market printed, by symbol: where another one taking over goes on from. */
export type TradedMarket = {
  bars: ReadonlyMap<string, TradedBars>;
  /** The latest trades, oldest first. */
  trades: ReadonlyMap<string, readonly Trade[]>;
  /** The last ticker (its day's figures: the previous close the band is measured from). */
  tickers: ReadonlyMap<string, SourceTicker>;
  /**
   * A restart's (server/market/history-store.ts): each symbol's `printedSince` of the market
   * that saved `bars`. Its generated history is drawn again as that market drew it (same seed,
   * time and price) and `bars` go on from there; absent (a takeover), the history before the
   * first of `bars` is drawn anew.
   */
  since?: ReadonlyMap<string, PrintedSince>;
};

/** See MarketSource.printedSince. */
export type PrintedSince = { since: number; price: string };

/** An instrument that lists on a date (an IPO's stock, a coin sale's token), at its issue price. */
export type Listing = { listingAt: number; price: string };

/** One fill of a taker order against the source's book: a level the book showed. */
export type ExecFill = { tradeId: string; t: number; price: string; qty: string };

/**
 * A taker order sent to the market: `buy` takes asks from the best up, `sell` takes bids from the
 * best down, never past `limit` (null: any level the book shows), at most `qty` (in the
 * instrument's quantity units, canonical decimal).
 */
export type ExecRequest = { symbol: string; side: 'buy' | 'sell'; qty: string; limit: string | null };

export interface MarketSource {
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  ticker(symbol: string): SourceTicker | undefined;
  /** Best `depth` levels a side, at the book's current seq. */
  book(symbol: string, depth: number): BookSnapshot | undefined;
  /**
   * The same in integer steps, from a source that keeps its book in them (the simulator), for a
   * reader that keeps numbers (the replay recorder's snapshots). Absent: read `book`.
   */
  bookSteps?(symbol: string, depth: number): BookSteps | undefined;
  /** Newest last. */
  trades(symbol: string, limit: number): Trade[];
  /** Bars oldest first, ending with the live bar; `end` (ms) pages back through history. */
  candles(symbol: string, interval: Interval, limit: number, end?: number): Candle[];
  /**
   * Sources that fetch history (a cluster follower's mirror): a promise while the interval's
   * history is on its way, null once `candles` has it. Absent: always there.
   */
  historyPending?(symbol: string, interval: Interval): Promise<void> | null;
  /**
   * Sources whose catalogue comes from elsewhere (a cluster node's market while it switches
   * between owning a partition and following it): a promise while `symbol` (absent: any of the
   * source's instruments) is on its way, settled when it may have come (ask again); null once it
   * is here, or when it never will be (a symbol outside the catalogue). Absent: always here.
   */
  instrumentPending?(symbol?: string): Promise<void> | null;
  mark(symbol: string): SourceMark | undefined;
  /**
   * The annualised volatility the source's prices move with (options are priced on it).
   * Absent, or null for a symbol: the source does not know it, and no options are offered there.
   */
  volatility?(symbol: string): number | null;
  /**
   * How the source's stock prices move at an annual volatility, for options
   * (domain/options/model). Absent: the simulator's process (simulator/fair-value
   * `stockProcess`), the source of every stock price the broker has; a test's scripted source,
   * which moves only when told, names the one its figures were worked on.
   */
  priceProcess?(annualVolatility: number, alwaysOpen: boolean): PriceProcess;
  status(market: 'BIST' | 'CRYPTO'): MarketStatus;
  /**
   * Where the source's record of `symbol` starts: its bars before `since` were generated to fill
   * a chart (a restart's or a takeover's), not printed, and `price` is where it went on from
   * there (the last price printed before the restart, or the first of the bars it was handed).
   * Absent or null: every bar is a print's.
   */
  printedSince?(symbol: string): PrintedSince | null;
  /**
   * The listing dates the broker knows (server/primary/market-listings.ts): a source that makes
   * prices (the simulator) shows no trading in an instrument before its date. Absent: the
   * source's prices are an exchange's, listed already.
   */
  list?(listings: ReadonlyMap<string, Listing>): void;
  /**
   * Executes a taker order against the book as a real order would (DECISIONS §2: every fill is at
   * a level the source showed). The simulator prints the fills and moves its book (trades, book,
   * ticker and candle events, synchronously, before this returns); a read-only source (an
   * exchange's public feed) fills against the book it shows without moving it. An instrument that
   * is not trading (closed session, unknown) fills nothing.
   */
  execute(request: ExecRequest): ExecFill[];
  /**
   * Runs `fn` on one state of the market: every read and execution inside it sees the same tick.
   * The simulator steps to the clock on every read, so a tick boundary crossed between pricing an
   * order on the book and executing it moved the book under the order, and a market order limited
   * to its planned worst level filled nothing (NO_LIQUIDITY on a full BTCUSDT book, about one open
   * in twenty in the contract journey). Absent: the source does not move between synchronous calls
   * (an exchange's feed moves on its socket's events only). Call it through `onOneState`.
   */
  pin?<T>(fn: () => T): T;
  /**
   * Every event, synchronously as it happens; returns the unsubscribe. `kinds`: the kinds wanted
   * (absent: all). A source may still send others (it is a hint), so a listener checks the kind.
   */
  on(listener: MarketListener, kinds?: readonly MarketKind[]): () => void;
  start(): void;
  stop(): void;
}

/** `fn` on one state of `source`'s market (MarketSource.pin), or as it is for a source that never moves under a synchronous caller. */
export function onOneState<T>(source: MarketSource, fn: () => T): T {
  return source.pin ? source.pin(fn) : fn();
}

/** The calls that name a symbol, each sent to the source `route` finds for it (none: nothing). */
export type SymbolCalls = Pick<
  MarketSource,
  'ticker' | 'book' | 'bookSteps' | 'trades' | 'candles' | 'mark' | 'volatility' | 'printedSince' | 'execute'
>;

/** A source made of others (coins apart from stocks, a cluster's partitions) routes these alike. */
export function routedBySymbol(route: (symbol: string) => MarketSource | null | undefined): SymbolCalls {
  return {
    ticker: (symbol) => route(symbol)?.ticker(symbol),
    book: (symbol, depth) => route(symbol)?.book(symbol, depth),
    bookSteps: (symbol, depth) => route(symbol)?.bookSteps?.(symbol, depth),
    trades: (symbol, limit) => route(symbol)?.trades(symbol, limit) ?? [],
    candles: (symbol, interval, limit, end) => route(symbol)?.candles(symbol, interval, limit, end) ?? [],
    mark: (symbol) => route(symbol)?.mark(symbol),
    volatility: (symbol) => route(symbol)?.volatility?.(symbol) ?? null,
    printedSince: (symbol) => route(symbol)?.printedSince?.(symbol) ?? null,
    execute: (request) => route(request.symbol)?.execute(request) ?? [],
  };
}
