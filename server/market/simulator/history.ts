import {
  barOpenTime,
  INTERVAL_MS,
  ISTANBUL_OFFSET_MS,
  type Interval,
} from '../../../domain/market/instrument';
import { bistBand } from '../../../domain/market/ticks';
import type { StockGroup } from '../../../domain/market/instrument';
import type { SessionCalendar } from '../calendar';
import { BarSeries, type Bar } from './bars';
import type { Grid } from './grid';
import type { Random } from './prng';
import { DAY_MS } from '../../../domain/time';

/**
 * History is generated as bars directly (no tick replay), backwards from the starting price so
 * the newest bar closes exactly where live trading begins. Each interval gets its own path: the
 * charts of one symbol agree on the present, not on every wiggle of the past.
 */
export const HISTORY_BARS = 520;

/** 20 years back at most, whatever the calendar says. */
const MAX_DAYS_BACK = 7_300;

/** Bar open times, oldest first, of the last `count` bars that traded by `now`. */
export function barTimes(
  interval: Interval,
  count: number,
  now: number,
  calendar: SessionCalendar | null,
): number[] {
  const size = INTERVAL_MS[interval];
  if (!calendar) {
    const last = barOpenTime(now, interval, 0);
    return Array.from({ length: count }, (_, i) => last - (count - 1 - i) * size);
  }
  const times: number[] = [];
  const today = calendar.dayOf(now);
  for (let day = today; day > today - MAX_DAYS_BACK && times.length < count; day--) {
    const session = calendar.session(day);
    if (!session) continue;
    let t = barOpenTime(session.close - 1, interval, ISTANBUL_OFFSET_MS);
    for (; t + size > session.open && times.length < count; t -= size) {
      if (Math.max(t, session.open) >= now) continue;
      if (times[times.length - 1] === t) continue;
      times.push(t);
    }
  }
  return times.reverse();
}

export type HistoryOptions = {
  interval: Interval;
  /** Where the interval's bars open (barOffset). */
  offset: number;
  times: readonly number[];
  /** Close of the newest bar, in price steps. */
  close: number;
  grid: Grid;
  /** Daily log-return sd, and the length of the trading day it refers to. */
  volatility: number;
  tradingDayMs: number;
  /** Traded value per trading day (quote currency) and the scales that turn it into steps. */
  turnover: number;
  priceScale: number;
  qtyScale: number;
  /** Yearly log drift: prices were lower in the past by this much a year. */
  drift: number;
  /** Stocks: daily bars stay inside their band. */
  group: StockGroup | null;
  random: Random;
};

/** Fraction of a trading day one bar covers. */
function dayFraction(interval: Interval, tradingDayMs: number): number {
  if (interval === '1w') return tradingDayMs === DAY_MS ? 7 : 5;
  if (interval === '1d') return 1;
  return Math.min(INTERVAL_MS[interval], tradingDayMs) / tradingDayMs;
}

export function generateHistory(options: HistoryOptions): BarSeries {
  const { interval, times, grid, random, group } = options;
  const fraction = dayFraction(interval, options.tradingDayMs);
  const sigma = options.volatility * Math.sqrt(fraction);
  const tradingDays = options.tradingDayMs === DAY_MS ? 365 : 250;
  const drift = options.drift * (interval === '1w' ? 1 / 52 : fraction / tradingDays);
  const bandLimit = group === null ? 1 : group === 1 ? 0.17 : group === 2 ? 0.125 : 0.085;
  const priceUnit = 10 ** options.priceScale;
  const qtyUnit = 10 ** options.qtyScale;
  const daily = group !== null && interval === '1d';
  const gapped = interval === '1d' && options.tradingDayMs !== DAY_MS;
  const withValue = options.turnover > 0 && (interval === '1h' || interval === '1d');
  // Traded value is read only from hourly (coins' 24 h) and daily (stocks' day) bars.
  const bars = BarSeries.history(interval, options.offset, times.length, withValue);
  let close = options.close;
  let variance = 1;
  for (let k = times.length - 1; k >= 0; k--) {
    const scale = sigma * Math.sqrt(variance);
    const z = random.normal();
    let r = scale * z + drift + (random.next() < 0.01 ? random.normal() * sigma * 3 : 0);
    // A stock cannot move more than its band in a day.
    if (daily) r = Math.max(-bandLimit, Math.min(bandLimit, r));
    let open = Math.max(grid.down(1), nearest(grid, close * Math.exp(-r)));
    let high = grid.up(Math.max(open, close) * Math.exp(Math.abs(random.normal()) * scale * 0.5));
    let low = grid.down(Math.min(open, close) * Math.exp(-Math.abs(random.normal()) * scale * 0.5));
    // Sessions open with a gap: the bar before closed at `before`, not at this bar's open.
    let before = open;
    if (gapped)
      before = Math.max(grid.down(1), nearest(grid, open * Math.exp(-0.3 * sigma * random.normal())));
    if (daily && group !== null) {
      // Every price of the day sits inside the band of the previous close.
      let band = bistBand(before, group);
      for (let guard = 0; guard < 50 && close > band.upper; guard++)
        band = bistBand((before = grid.next(before)), group);
      for (let guard = 0; guard < 50 && close < band.lower; guard++)
        band = bistBand((before = grid.prev(before)), group);
      open = Math.min(band.upper, Math.max(band.lower, open));
      high = Math.min(band.upper, Math.max(high, open, close));
      low = Math.max(band.lower, Math.min(low, open, close));
    }
    high = Math.max(high, open, close);
    low = Math.max(grid.down(1), Math.min(low, open, close));
    const mid = (open + close) / 2;
    const notional = options.turnover * fraction * random.lognormal(0.8, 0.4) * (1 + 0.5 * Math.abs(z));
    const volume = Math.max(1, Math.round((notional / (mid / priceUnit)) * qtyUnit));
    bars.write(
      k,
      times[k]!,
      open,
      high,
      low,
      close,
      options.turnover > 0 ? volume : 0,
      withValue ? BigInt(volume) * BigInt(Math.round(mid)) : 0n,
    );
    // GARCH(1,1) run backwards: calm and stormy stretches alternate in the past too.
    variance = Math.min(8, Math.max(0.25, 0.04 + 0.08 * z * z + 0.88 * variance));
    close = before;
  }
  return bars;
}

function nearest(grid: Grid, p: number): number {
  const down = grid.down(p);
  const up = grid.up(p);
  return p - down <= up - p ? down : up;
}

/**
 * History that ends in bars that traded: a node taking the trading partition over
 * goes on from the bars the previous owner printed, as its mirror of that owner's market kept
 * them, so charts and an option's settlement read what traded rather than a path made up
 * backwards from the takeover's price. Only the time before the first of them is generated,
 * ending at `before` (the bar before's close, when known) or where that bar opened.
 */
export function historyThrough(options: HistoryOptions, traded: readonly Bar[], before?: number): BarSeries {
  const first = traded[0];
  if (!first) return generateHistory(options);
  const series = generateHistory({
    ...options,
    times: options.times.filter((t) => t < first.t),
    close: before !== undefined && before > 0 ? before : first.o,
  });
  for (const bar of traded) series.append(bar);
  return series;
}

/**
 * History as a market that started at `options.times`' end drew it, then the bars it printed
 * since (saved in the database: server/market/history-store.ts): a restart draws the same
 * generated past from the same start (seed, time and price), so every bar a user saw before it
 * is the same bar after it. Generated bars from the first saved bar's time on give way to the
 * saved ones; the minutes the broker was down have no bars (nothing traded in them).
 */
export function historyResumed(options: HistoryOptions, saved: readonly Bar[]): BarSeries {
  const series = generateHistory(options);
  const first = saved[0];
  if (!first) return series;
  series.dropFrom(first.t);
  for (const bar of saved) series.append(bar);
  return series;
}
