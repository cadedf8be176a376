import type { Interval } from '../../../domain/market/instrument';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import type { BookSnapshot, Candle, MarketStatus } from '../../../domain/protocol/market';
import { createCalendar, type Holiday } from '../calendar';
import type {
  Instrument,
  MarketEvent,
  MarketListener,
  MarketSource,
  SourceMark,
  SourceTicker,
  TradedMarket,
} from '../source';
import { toCandle } from './bars';
import { NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { simulatedMarket } from './simulated-market';

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

export function createSimulator(options: SimulatorOptions): Simulator {
  const bench = options.profile === 'bench';
  const tickMs = options.tickMs ?? (bench ? 50 : 100);
  const calendar = createCalendar({
    alwaysOpen: options.alwaysOpen || bench,
    ...(options.holidays ? { holidays: options.holidays } : {}),
  });
  const created = options.clock.now();
  const { stocks, coins, tradables, indices, bySymbol, annualVolatility, instrumentList, printed } =
    simulatedMarket(options, { created, tickMs, calendar });
  // A stock waiting to go public with no offering yet is in no list (orders for it are refused by
  // the listing guard); it appears once an offering dates its listing.
  let waiting = new Set<string>();
  let shown: readonly Instrument[] = instrumentList;

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
