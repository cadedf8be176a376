import { INTERVALS, type Interval } from '../../../domain/market/instrument';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import type { BookSnapshot, Candle, MarketStatus } from '../../../domain/protocol/market';
import { createCalendar, type Holiday } from '../calendar';
import { catalogue, type CatalogueEntry } from '../catalogue';
import type {
  Instrument,
  MarketEvent,
  MarketListener,
  MarketSource,
  SourceMark,
  SourceTicker,
  PrintedSince,
  TradedMarket,
} from '../source';
import { toCandle } from './bars';
import { barTimes, HISTORY_BARS } from './history';
import { dailyVariance, STOCK_SESSION_MS, stockSessionsPerYear } from './fair-value';
import { IndexLevel } from './index-level';
import { DAY_MS } from '../../../domain/time';
import { NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { Tradable } from './tradable';
import type { HistoryAnchor } from './tradable-history';

export type SimulatorOptions = {
  seed: number;
  clock: { now(): number };
  /** BIST trades around the clock (demos, tests); the bench profile always does. */
  alwaysOpen: boolean;
  profile: 'default' | 'bench';
  /** Virtual time per simulation tick; 100 ms by default, 50 ms for the bench (its 20 Hz book). */
  tickMs?: number;
  holidays?: readonly Holiday[];
  /**
   * Where live trading resumes, by symbol, instead of the catalogue's price: a node taking the
   * trading partition over goes on from the last prices the previous owner printed,
   * so its first tick is not a jump back to the listing price that fires stops and liquidations.
   */
  startPrices?: ReadonlyMap<string, string>;
  /**
   * Bars and trades printed already, by symbol: a node taking the partition over goes on from
   * the previous owner's (as its mirror kept them) instead of generating the past anew.
   */
  traded?: TradedMarket;
};

export type Simulator = MarketSource & {
  /** Advances the whole market to `now` in fixed ticks, announcing each tick's events in order. */
  step(now: number): void;
};

/** A long pause (a sleeping laptop, a debugger) is skipped rather than replayed tick by tick. */
const MAX_CATCH_UP_MS = 60_000;
/** The book the benchmark watches: it changes on every tick. */
const BENCH_BOOK = 'BTCUSDT';

export function createSimulator(options: SimulatorOptions): Simulator {
  const bench = options.profile === 'bench';
  const tickMs = options.tickMs ?? (bench ? 50 : 100);
  const calendar = createCalendar({
    alwaysOpen: options.alwaysOpen || bench,
    ...(options.holidays ? { holidays: options.holidays } : {}),
  });
  const created = options.clock.now();
  const entries = catalogue(options.profile);
  const timesFor = (market: 'stock' | 'coin', at: number): Record<Interval, number[]> => {
    const times = {} as Record<Interval, number[]>;
    for (const interval of INTERVALS)
      times[interval] = barTimes(interval, HISTORY_BARS, at, market === 'coin' ? null : calendar);
    return times;
  };
  const stockTimes = timesFor('stock', created);
  const coinTimes = timesFor('coin', created);
  /** Bar times of a market that started at `at` (a restart's first market), by market. */
  const drawnAt = new Map<string, Record<Interval, number[]>>();
  const anchorOf = (symbol: string, market: 'stock' | 'coin'): HistoryAnchor | undefined => {
    const since = options.traded?.since?.get(symbol);
    if (!since || !Number.isFinite(since.since)) return undefined;
    const key = `${market}|${since.since}`;
    let times = drawnAt.get(key);
    if (!times) drawnAt.set(key, (times = timesFor(market, since.since)));
    return { times, price: since.price };
  };

  /** The entry starting at its saved price, when one is saved and fits its price scale. */
  const resumed = (entry: CatalogueEntry): CatalogueEntry => {
    const price = options.startPrices?.get(entry.instrument.symbol);
    const steps = price === undefined ? NaN : toSteps(price, entry.instrument.priceScale);
    return Number.isSafeInteger(steps) && steps > 0 ? { ...entry, price: price! } : entry;
  };

  const stocks: Tradable[] = [];
  const coins: Tradable[] = [];
  const tradables = new Map<string, Tradable>();
  const indices = new Map<string, IndexLevel>();
  for (const entry of entries) {
    const { market, symbol } = entry.instrument;
    if (market === 'index') continue;
    const isCoin = market === 'coin';
    const tradable = new Tradable({
      entry: resumed(entry),
      seed: options.seed,
      now: created,
      tickMs,
      calendar: isCoin ? null : calendar,
      barTimes: isCoin ? coinTimes : stockTimes,
      churnPerSecond: bench && symbol === BENCH_BOOK ? 1000 : bench ? 0.5 : 4,
      traded: options.traded?.bars.get(symbol) ?? {},
      recentTrades: options.traded?.trades.get(symbol) ?? [],
      ...(isCoin ? {} : { ticker: options.traded?.tickers.get(symbol) }),
      // Ids above any a market started earlier can have printed (fewer than 1,000 a millisecond):
      // after a restart or a takeover a client's tape still holds the old ones and skips repeats.
      firstTradeId: created * 1000,
      anchor: anchorOf(symbol, isCoin ? 'coin' : 'stock'),
      ...(bench ? { takersPerSecond: isCoin ? 0.5 : 0.08 } : {}),
    });
    tradables.set(symbol, tradable);
    (isCoin ? coins : stocks).push(tradable);
  }
  for (const entry of entries) {
    if (entry.instrument.market !== 'index') continue;
    const members = entry.instrument.members.flatMap((m) => tradables.get(m) ?? []);
    const { symbol } = entry.instrument;
    // Its weights are set from this level: the catalogue's put it back there at a restart.
    indices.set(
      symbol,
      new IndexLevel(
        resumed(entry),
        members,
        options.seed,
        calendar,
        stockTimes,
        options.traded?.bars.get(symbol),
        options.traded?.tickers.get(symbol),
        anchorOf(symbol, 'stock'),
      ),
    );
  }
  const bySymbol = new Map<string, Instrument>(entries.map((e) => [e.instrument.symbol, e.instrument]));
  // Trading days a year: coins and an always-open BIST run round the clock (a stock's "day" is an
  // 8-hour session, three of them a calendar day); BIST's calendar has some 250 sessions.
  const stockDaysPerYear = stockSessionsPerYear(options.alwaysOpen || bench);
  const annualVolatility = new Map<string, number>();
  for (const entry of entries) {
    const { market, symbol } = entry.instrument;
    if (market === 'index') continue;
    const days = market === 'coin' ? 365 : stockDaysPerYear;
    const dayMs = market === 'coin' ? DAY_MS : STOCK_SESSION_MS;
    annualVolatility.set(symbol, Math.sqrt(dailyVariance(entry.volatility, dayMs) * days));
  }
  const instrumentList = entries.map((e) => e.instrument);
  // A stock waiting to go public with no offering yet is in no list (orders for it are refused by
  // the listing guard); it appears once an offering dates its listing.
  let waiting = new Set<string>();
  let shown: readonly Instrument[] = instrumentList;
  // What came before is generated: from here (or the first bar it was handed) its bars are prints.
  const printed = new Map<string, PrintedSince>();
  for (const entry of entries) {
    const { symbol } = entry.instrument;
    const saved = options.traded?.since?.get(symbol);
    const first = saved ? undefined : options.traded?.bars.get(symbol)?.['1m']?.[0];
    printed.set(
      symbol,
      saved
        ? { since: saved.since, price: saved.price }
        : first
          ? { since: first.t, price: first.o }
          : { since: created, price: resumed(entry).price },
    );
  }

  const listeners = new Set<MarketListener>();
  const emit = (event: MarketEvent): void => {
    for (const listener of listeners) listener(event);
  };

  let lastTick = created;
  let bistOpen = calendar.isOpen(created);
  let nextChange = calendar.nextChange(created);
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Our own fills moved a member: the indices catch up on the next tick instead of per order, as
  // an index's level, ticker and candles (a Decimal sum over every member) cost more than the fill.
  let indicesBehind = false;

  function tickAt(t: number): void {
    if (nextChange !== null && t >= nextChange) {
      const open = calendar.isOpen(t);
      nextChange = calendar.nextChange(t);
      if (open !== bistOpen) {
        bistOpen = open;
        emit({ type: 'status', status: calendar.status('BIST', t) });
      }
    }
    const indicative = bench && t % 100 < tickMs;
    let moved = false;
    for (const stock of stocks) if (stock.tick(t, bistOpen, emit, indicative)) moved = true;
    if (moved || indicesBehind) for (const index of indices.values()) index.update(t, emit);
    indicesBehind = false;
    for (const coin of coins) coin.tick(t, true, emit, false);
  }

  // A listener that reads the market inside a tick's events reads it as it stands: it does not
  // start a catch-up of its own in the middle of the tick.
  let stepping = false;
  function step(now: number): void {
    if (stepping) return;
    stepping = true;
    try {
      if (now - lastTick > MAX_CATCH_UP_MS)
        lastTick += Math.floor((now - lastTick - MAX_CATCH_UP_MS) / tickMs) * tickMs;
      while (lastTick + tickMs <= now) {
        lastTick += tickMs;
        tickAt(lastTick);
      }
    } finally {
      stepping = false;
    }
  }
  /**
   * Reads catch up first, as execute() does: a broker whose event loop was busy reads the market
   * of now, not of its last timer, so an order priced on a book fills against that same book (a
   * contract priced on a book 15 ticks old filled nothing 14 times in 40: catch-up.test.ts).
   */
  // While pinned (MarketSource.pin) reads do not step: the caller prices and executes on one tick.
  let pinned = 0;
  const current = () => {
    if (pinned === 0) step(options.clock.now());
  };

  /** What each listing was last told (`listingAt/price`): the job repeats itself every few seconds. */
  const listed = new Map<string, string>();

  const seriesOf = (symbol: string, interval: Interval) =>
    (tradables.get(symbol) ?? indices.get(symbol))?.series[interval];

  return {
    step,
    instruments: () => shown,
    instrument: (symbol) => bySymbol.get(symbol),
    ticker(symbol): SourceTicker | undefined {
      current();
      return (tradables.get(symbol) ?? indices.get(symbol))?.ticker(lastTick);
    },
    book(symbol, depth): BookSnapshot | undefined {
      const tradable = tradables.get(symbol);
      if (!tradable) return undefined;
      current();
      const { book, priceScale, qtyScale } = tradable;
      const level = (l: { price: number; qty: number }): [string, string] => [
        fromSteps(l.price, priceScale),
        fromSteps(l.qty, qtyScale),
      ];
      return {
        symbol,
        seq: book.seq,
        t: book.t,
        bids: book.bids.slice(0, depth).map(level),
        asks: book.asks.slice(0, depth).map(level),
      };
    },
    trades(symbol, limit) {
      current();
      return tradables.get(symbol)?.recentTrades(limit) ?? [];
    },
    pin(fn) {
      current();
      pinned++;
      try {
        return fn();
      } finally {
        pinned--;
      }
    },
    execute(request) {
      const tradable = tradables.get(request.symbol);
      if (!tradable) return [];
      // Catch up first, so the order's prints carry a time no later tick will precede.
      current();
      const isCoin = bySymbol.get(request.symbol)?.market === 'coin';
      if (!isCoin && !bistOpen) return [];
      const qty = toSteps(request.qty, tradable.qtyScale);
      const limit = request.limit === null ? null : toSteps(request.limit, tradable.priceScale);
      if (!Number.isSafeInteger(qty) || qty <= 0 || (limit !== null && !Number.isSafeInteger(limit)))
        return [];
      const prints = tradable.execute(lastTick, request.side, qty, limit, emit);
      if (!isCoin && prints.length > 0) indicesBehind = true;
      return prints.map((p) => ({ tradeId: p.id, t: p.t, price: p.price, qty: p.qty }));
    },
    candles(symbol, interval, limit, end): Candle[] {
      const series = seriesOf(symbol, interval);
      const instrument = bySymbol.get(symbol);
      if (!series || !instrument) return [];
      return series.slice(limit, end).map((bar) => toCandle(bar, instrument.priceScale, instrument.qtyScale));
    },
    mark(symbol): SourceMark | undefined {
      current();
      const tradable = tradables.get(symbol);
      return tradable && bySymbol.get(symbol)?.market === 'coin' ? tradable.mark(lastTick) : undefined;
    },
    volatility: (symbol) => annualVolatility.get(symbol) ?? null,
    printedSince: (symbol) => printed.get(symbol) ?? null,
    list(listings) {
      current();
      // Told every listing each time: the symbols still waiting are those told NOT_SCHEDULED now.
      const wait = [...listings].filter(([, l]) => l.listingAt >= NOT_SCHEDULED).map(([symbol]) => symbol);
      if (wait.length !== waiting.size || wait.some((symbol) => !waiting.has(symbol))) {
        waiting = new Set(wait);
        shown = instrumentList.filter((i) => !waiting.has(i.symbol));
      }
      for (const [symbol, listing] of listings) {
        const tradable = tradables.get(symbol);
        const told = `${listing.listingAt}/${listing.price}`;
        if (!tradable || listed.get(symbol) === told) continue;
        listed.set(symbol, told);
        tradable.list(listing, lastTick, emit);
      }
    },
    status: (market): MarketStatus => calendar.status(market, options.clock.now()),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // The timer keeps the process alive on purpose: a source nobody stops is a leak to see.
    // Each wake-up lands on the next tick boundary, so an event leaves within a millisecond or
    // two of the time it carries (a free-running interval would make it up to a tick old).
    start() {
      if (timer) return;
      const run = () => {
        step(options.clock.now());
        timer = setTimeout(run, Math.max(1, lastTick + tickMs - options.clock.now()));
      };
      timer = setTimeout(run, 0);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
