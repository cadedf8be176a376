import { barOffset, INTERVALS, type Interval } from '../../../domain/market/instrument';
import { toSteps } from '../../../domain/market/ticks';
import { DAY_MS } from '../../../domain/time';
import type { CatalogueEntry } from '../catalogue';
import type { SessionCalendar } from '../calendar';
import type { SourceTicker, TradedBars } from '../source';
import { fromCandle, type BarSeries } from './bars';
import { bistGrid, niceSpacing, uniformGrid, type Grid } from './grid';
import { historyResumed, historyThrough } from './history';
import { createRandom, deriveSeed } from './prng';

/** Where a market's generated history ends: its bar times by interval, and the price it closes at. */
export type HistoryAnchor = { times: Readonly<Record<Interval, readonly number[]>>; price: string };

/** A coin's price grid: levels about a quarter second's typical move apart at `start` (steps). */
export function coinGrid(start: number, volatility: number): Grid {
  return uniformGrid(niceSpacing(start * volatility * Math.sqrt(250 / DAY_MS)));
}

/** What a tradable's bars are drawn from: its entry and seed, and what an earlier market left. */
export type SeriesSource = {
  entry: CatalogueEntry;
  seed: number;
  calendar: SessionCalendar | null;
  barTimes: Readonly<Record<Interval, readonly number[]>>;
  traded?: TradedBars | undefined;
  ticker?: SourceTicker | undefined;
  anchor?: HistoryAnchor | undefined;
};

/**
 * Each interval's bars up to now: generated history through the bars that traded already, or,
 * after a restart, drawn again as the first market drew it and then what it printed.
 */
export function tradableSeries(
  options: SeriesSource,
  at: { start: number; grid: Grid; dayMs: number; priceScale: number; qtyScale: number },
): Record<Interval, BarSeries> {
  const { entry, seed } = options;
  const instrument = entry.instrument;
  const isCoin = instrument.market === 'coin';
  const offset = barOffset(instrument.market);
  const anchored = options.anchor ? toSteps(options.anchor.price, at.priceScale) : NaN;
  const anchor =
    options.anchor && Number.isSafeInteger(anchored) && anchored > 0
      ? {
          times: options.anchor.times,
          close: anchored,
          grid: isCoin ? coinGrid(anchored, entry.volatility) : bistGrid,
        }
      : null;
  const series = {} as Record<Interval, BarSeries>;
  for (const interval of INTERVALS) {
    const traded = (options.traded?.[interval] ?? []).flatMap(
      (candle) => fromCandle(candle, at.priceScale, at.qtyScale) ?? [],
    );
    const history = {
      interval,
      offset,
      times: options.barTimes[interval],
      close: at.start,
      grid: at.grid,
      volatility: entry.volatility,
      tradingDayMs: at.dayMs,
      turnover: entry.turnover,
      priceScale: at.priceScale,
      qtyScale: at.qtyScale,
      drift: isCoin ? 0.15 : 0.3,
      group: instrument.group,
      random: createRandom(deriveSeed(seed, `${instrument.symbol}/${interval}`)),
    };
    if (anchor) {
      // Drawn as the first market drew it (its times, price and grid), then what it printed.
      series[interval] = historyResumed(
        { ...history, times: anchor.times[interval], close: anchor.close, grid: anchor.grid },
        traded,
      );
      continue;
    }
    series[interval] = historyThrough(
      history,
      traded,
      interval === '1d' ? priorClose(options, at.priceScale, traded.length) : undefined,
    );
  }
  return series;
}

/**
 * A stock's previous close, as the previous owner's ticker said, when today's bar is the only
 * daily bar it handed over: generated history would close yesterday anywhere, and the day's
 * change and price band (measured from that close) moved at the takeover.
 */
export function priorClose(
  options: { ticker?: SourceTicker | undefined; calendar: SessionCalendar | null },
  priceScale: number,
  dailyBars: number,
): number | undefined {
  if (options.calendar === null || dailyBars !== 1 || options.ticker === undefined) return undefined;
  const steps = toSteps(options.ticker.prev, priceScale);
  return Number.isSafeInteger(steps) && steps > 0 ? steps : undefined;
}
