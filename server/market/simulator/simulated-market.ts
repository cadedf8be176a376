import { INTERVALS, type Interval } from '../../../domain/market/instrument';
import { toSteps } from '../../../domain/market/ticks';
import { DAY_MS } from '../../../domain/time';
import type { SessionCalendar } from '../calendar';
import { catalogue, type CatalogueEntry } from '../catalogue';
import type { Instrument, PrintedSince, TradedMarket } from '../source';
import { dailyVariance, STOCK_SESSION_MS, stockSessionsPerYear } from './fair-value';
import { barTimes, HISTORY_BARS } from './history';
import { IndexLevel } from './index-level';
import { Tradable } from './tradable';
import type { HistoryAnchor } from './tradable-history';

/** The book the benchmark watches: it changes on every tick. */
const BENCH_BOOK = 'BTCUSDT';

/** What the simulator's instruments are made from (its options, as far as they concern them). */
export type MarketSetup = {
  seed: number;
  alwaysOpen: boolean;
  profile: 'default' | 'bench';
  startPrices?: ReadonlyMap<string, string> | undefined;
  traded?: TradedMarket | undefined;
  /**
   * The symbols this simulator draws (a cluster's trading partition: server/cluster/partition-map.ts);
   * absent, the whole catalogue. An index keeps only the members drawn beside it.
   */
  slice?: ((symbol: string) => boolean) | undefined;
};

/** When a market's instruments are made: its start time, tick and BIST calendar. */
export type MarketStart = { created: number; tickMs: number; calendar: SessionCalendar };

/**
 * The simulator's instruments as it starts at `created`: the catalogue's stocks and coins (each
 * resuming from its saved price, bars and trades when it has them), the indices over them, each
 * one's annual volatility, and since when its bars are prints rather than generated history.
 * Made in one go; see simulatedMarketInSlices for a build that lets the event loop run.
 */
export function simulatedMarket(options: MarketSetup, at: MarketStart) {
  const steps = marketSteps(options, at);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same market, made one instrument at a time with `pause` between them. Each instrument's
 * history is drawn from its own seed and the market's `created`, so the market is the one
 * simulatedMarket makes; but a node taking a partition over builds it while its lease goes on
 * proving itself (server/cluster/lease.ts): built in one go, ~1.5 s of CPU for the bench
 * catalogue, seconds of wall time on a loaded machine, outlasted the lease's silence limit.
 */
export async function simulatedMarketInSlices(
  options: MarketSetup,
  at: MarketStart,
  pause: () => Promise<void>,
): Promise<ReturnType<typeof simulatedMarket>> {
  const steps = marketSteps(options, at);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The market's instruments, yielding after each one made (its history drawn). */
function* marketSteps(options: MarketSetup, at: MarketStart) {
  const { created, tickMs, calendar } = at;
  const bench = options.profile === 'bench';
  const { slice } = options;
  const entries = catalogue(options.profile).filter((e) => !slice || slice(e.instrument.symbol));
  const timesFor = (market: 'stock' | 'coin', from: number) =>
    historyTimes(from, market === 'coin' ? null : calendar);
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

  const resumed = (entry: CatalogueEntry) => resumedEntry(entry, options.startPrices);

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
    yield;
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
    yield;
  }
  const bySymbol = new Map<string, Instrument>(entries.map((e) => [e.instrument.symbol, e.instrument]));
  const annualVolatility = annualVolatilities(entries, stockSessionsPerYear(options.alwaysOpen || bench));
  const instrumentList = entries.map((e) => e.instrument);
  const printed = printedSince(entries, options.traded, created, (entry) => resumed(entry).price);
  return { stocks, coins, tradables, indices, bySymbol, annualVolatility, instrumentList, printed };
}

/** The entry starting at its saved price, when one is saved and fits its price scale. */
function resumedEntry(entry: CatalogueEntry, startPrices: MarketSetup['startPrices']): CatalogueEntry {
  const price = startPrices?.get(entry.instrument.symbol);
  const steps = price === undefined ? NaN : toSteps(price, entry.instrument.priceScale);
  return Number.isSafeInteger(steps) && steps > 0 ? { ...entry, price: price! } : entry;
}

/** The bar times of a history drawn up to `at`, per interval; a coin's (no calendar) run round the clock. */
function historyTimes(at: number, calendar: SessionCalendar | null): Record<Interval, number[]> {
  const times = {} as Record<Interval, number[]>;
  for (const interval of INTERVALS) times[interval] = barTimes(interval, HISTORY_BARS, at, calendar);
  return times;
}

/**
 * Each tradable's annual volatility. Trading days a year: coins and an always-open BIST run round
 * the clock (a stock's "day" is an 8-hour session, three of them a calendar day); BIST's calendar
 * has some 250 sessions.
 */
function annualVolatilities(
  entries: readonly CatalogueEntry[],
  stockDaysPerYear: number,
): Map<string, number> {
  const annualVolatility = new Map<string, number>();
  for (const entry of entries) {
    const { market, symbol } = entry.instrument;
    if (market === 'index') continue;
    const days = market === 'coin' ? 365 : stockDaysPerYear;
    const dayMs = market === 'coin' ? DAY_MS : STOCK_SESSION_MS;
    annualVolatility.set(symbol, Math.sqrt(dailyVariance(entry.volatility, dayMs) * days));
  }
  return annualVolatility;
}

/** What came before is generated: from here (or the first bar it was handed) its bars are prints. */
function printedSince(
  entries: readonly CatalogueEntry[],
  traded: TradedMarket | undefined,
  created: number,
  startPrice: (entry: CatalogueEntry) => string,
): Map<string, PrintedSince> {
  const printed = new Map<string, PrintedSince>();
  for (const entry of entries) {
    const { symbol } = entry.instrument;
    const saved = traded?.since?.get(symbol);
    const first = saved ? undefined : traded?.bars.get(symbol)?.['1m']?.[0];
    printed.set(
      symbol,
      saved
        ? { since: saved.since, price: saved.price }
        : first
          ? { since: first.t, price: first.o }
          : { since: created, price: startPrice(entry) },
    );
  }
  return printed;
}
