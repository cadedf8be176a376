import { fromSteps, toSteps } from '../../../domain/market/ticks';
import type { BookSnapshot, Candle, MarketStatus } from '../../../domain/protocol/market';
import { createCalendar, type Holiday } from '../calendar';
import { createListeners } from '../listeners';
import type {
  BookSteps,
  ExecRequest,
  Instrument,
  Listing,
  MarketEvent,
  MarketSource,
  SourceMark,
  SourceTicker,
  TradedMarket,
} from '../source';
import { toCandle } from './bars';
import { NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { simulatedMarket, simulatedMarketInSlices, type MarketStart } from './simulated-market';
import { createTickLoop } from './tick-loop';
import type { Tradable } from './tradable';

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
  /** Only these symbols (a trading partition's); absent, the whole catalogue. */
  slice?: (symbol: string) => boolean;
};

export type Simulator = MarketSource & {
  /** Advances the whole market to `now` in fixed ticks, announcing each tick's events in order. */
  step(now: number): void;
};

function bookSnapshot(symbol: string, tradable: Tradable, depth: number): BookSnapshot {
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
}

/** The same book in its integer steps (MarketSource.bookSteps), once the market is brought to the clock. */
function bookInSteps(
  tradable: Tradable | undefined,
  depth: number,
  current: () => void,
): BookSteps | undefined {
  if (!tradable) return undefined;
  current();
  const { book, priceScale, qtyScale } = tradable;
  const flat = (levels: readonly { price: number; qty: number }[]): number[] => {
    const out: number[] = [];
    for (let i = 0; i < Math.min(depth, levels.length); i++) out.push(levels[i]!.price, levels[i]!.qty);
    return out;
  };
  const scales = { price: priceScale, qty: qtyScale };
  return { seq: book.seq, t: book.t, scales, bids: flat(book.bids), asks: flat(book.asks) };
}

/** An order's quantity and limit in its book's steps; null when either falls off the grid. */
function orderSteps(request: ExecRequest, tradable: Tradable): { qty: number; limit: number | null } | null {
  const qty = toSteps(request.qty, tradable.qtyScale);
  const limit = request.limit === null ? null : toSteps(request.limit, tradable.priceScale);
  if (!Number.isSafeInteger(qty) || qty <= 0 || (limit !== null && !Number.isSafeInteger(limit))) return null;
  return { qty, limit };
}

/**
 * The listings the simulator was told. A stock waiting to go public with no offering yet is in no
 * list (orders for it are refused by the listing guard); it appears once an offering dates its listing.
 */
function createListings(
  instrumentList: readonly Instrument[],
  tradables: ReadonlyMap<string, Tradable>,
  emit: (event: MarketEvent) => void,
) {
  let waiting = new Set<string>();
  let shown: readonly Instrument[] = instrumentList;
  /** What each listing was last told (`listingAt/price`): the job repeats itself every few seconds. */
  const listed = new Map<string, string>();
  return {
    shown: () => shown,
    list(listings: ReadonlyMap<string, Listing>, t: number): void {
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
        tradable.list(listing, t, emit);
      }
    },
  };
}

/** When and how the simulator's market starts: its tick, its BIST calendar, the time it is made at. */
function startOf(options: SimulatorOptions): MarketStart {
  const bench = options.profile === 'bench';
  const calendar = createCalendar({
    alwaysOpen: options.alwaysOpen || bench,
    ...(options.holidays ? { holidays: options.holidays } : {}),
  });
  return { created: options.clock.now(), tickMs: options.tickMs ?? (bench ? 50 : 100), calendar };
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const start = startOf(options);
  return simulatorOf(options, start, simulatedMarket(options, start));
}

/**
 * The same simulator, its instruments made one at a time with `pause` between them
 * (simulatedMarketInSlices): a node taking a partition over keeps its event loop, and so its
 * lease's proofs, running while it draws the market's history.
 */
export async function buildSimulator(
  options: SimulatorOptions,
  pause: () => Promise<void>,
): Promise<Simulator> {
  const start = startOf(options);
  return simulatorOf(options, start, await simulatedMarketInSlices(options, start, pause));
}

function simulatorOf(
  options: SimulatorOptions,
  { created, tickMs, calendar }: MarketStart,
  market: ReturnType<typeof simulatedMarket>,
): Simulator {
  const bench = options.profile === 'bench';
  const { stocks, coins, tradables, indices, bySymbol, annualVolatility, instrumentList, printed } = market;
  const listeners = createListeners();
  const emit = listeners.emit;

  const loop = createTickLoop({ ...options, tickMs, bench, created, calendar, stocks, coins, indices, emit });
  const { step, current } = loop;

  const listings = createListings(instrumentList, tradables, emit);

  return {
    step,
    instruments: () => listings.shown(),
    instrument: (symbol) => bySymbol.get(symbol),
    ticker(symbol): SourceTicker | undefined {
      current();
      return (tradables.get(symbol) ?? indices.get(symbol))?.ticker(loop.lastTick());
    },
    book(symbol, depth): BookSnapshot | undefined {
      const tradable = tradables.get(symbol);
      if (!tradable) return undefined;
      current();
      return bookSnapshot(symbol, tradable, depth);
    },
    bookSteps: (symbol, depth) => bookInSteps(tradables.get(symbol), depth, current),
    trades(symbol, limit) {
      current();
      return tradables.get(symbol)?.recentTrades(limit) ?? [];
    },
    pin: loop.pin,
    execute(request) {
      const tradable = tradables.get(request.symbol);
      if (!tradable) return [];
      // Catch up first, so the order's prints carry a time no later tick will precede.
      current();
      const isCoin = bySymbol.get(request.symbol)?.market === 'coin';
      if (!isCoin && !loop.bistOpen()) return [];
      const steps = orderSteps(request, tradable);
      if (!steps) return [];
      const prints = tradable.execute(loop.lastTick(), request.side, steps.qty, steps.limit, emit);
      if (!isCoin && prints.length > 0) loop.indicesMoved();
      return prints.map((p) => ({ tradeId: p.id, t: p.t, price: p.price, qty: p.qty }));
    },
    candles(symbol, interval, limit, end): Candle[] {
      const series = (tradables.get(symbol) ?? indices.get(symbol))?.series[interval];
      const instrument = bySymbol.get(symbol);
      if (!series || !instrument) return [];
      return series.slice(limit, end).map((bar) => toCandle(bar, instrument.priceScale, instrument.qtyScale));
    },
    mark(symbol): SourceMark | undefined {
      current();
      const tradable = tradables.get(symbol);
      return tradable && bySymbol.get(symbol)?.market === 'coin' ? tradable.mark(loop.lastTick()) : undefined;
    },
    volatility: (symbol) => annualVolatility.get(symbol) ?? null,
    printedSince: (symbol) => printed.get(symbol) ?? null,
    list(told) {
      current();
      listings.list(told, loop.lastTick());
    },
    status: (market): MarketStatus => calendar.status(market, options.clock.now()),
    on: listeners.on,
    start: loop.start,
    stop: loop.stop,
  };
}
