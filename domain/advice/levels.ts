import Decimal from 'decimal.js';
import type { AdviceBar, AdviceParams } from './signals';

export type Levels = { entry: string; stop: string; target: string };

/**
 * Entry at the signal bar's close, stop at the lowest low of the `stopLookback` bars up to it,
 * target at entry + rewardRisk × risk truncated to the price's decimals. Null when the stop is
 * not below the entry (no risk to size a target from).
 */
export function levelsOf(
  bars: readonly AdviceBar[],
  index: number,
  p: AdviceParams,
  decimals: number,
): Levels | null {
  const bar = bars[index];
  if (!bar) return null;
  const entry = new Decimal(bar.c);
  // Prices as the source printed them (its decimals), the target to the same decimals.
  let stop: string | null = null;
  for (let i = Math.max(0, index - p.stopLookback + 1); i <= index; i += 1) {
    const low = bars[i]?.l ?? bar.l;
    if (stop === null || new Decimal(low).lt(stop)) stop = low;
  }
  if (stop === null || entry.lte(stop)) return null;
  const target = entry
    .plus(entry.minus(stop).times(p.rewardRisk))
    .toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { entry: bar.c, stop, target: target.toFixed(decimals) };
}

export type Outcome = { result: 'hit' | 'stop' | 'timeout'; exitIndex: number; ret: Decimal };

/**
 * What became of a signal, reading only the bars after it: the first bar whose low reaches the
 * stop or whose high reaches the target decides (both in one bar: the stop, as one cannot know
 * which came first); none within `horizon` bars: closed at the horizon bar's close. Null while
 * still undecided (fewer than `horizon` bars after it). The return is the exit over the entry − 1.
 */
export function outcomeOf(
  bars: readonly AdviceBar[],
  index: number,
  levels: Levels,
  horizon: number,
): Outcome | null {
  const entry = new Decimal(levels.entry);
  const ret = (exit: Decimal | string) => new Decimal(exit).div(entry).minus(1);
  for (let i = index + 1; i <= index + horizon; i += 1) {
    const bar = bars[i];
    if (!bar) return null;
    if (new Decimal(bar.l).lte(levels.stop)) return { result: 'stop', exitIndex: i, ret: ret(levels.stop) };
    if (new Decimal(bar.h).gte(levels.target))
      return { result: 'hit', exitIndex: i, ret: ret(levels.target) };
  }
  const last = bars[index + horizon];
  return last ? { result: 'timeout', exitIndex: index + horizon, ret: ret(last.c) } : null;
}

/** Hit rate and mean return of decided signals (4 decimals, truncated); nulls when there are none. */
export function trackRecordOf(outcomes: readonly Outcome[]) {
  const signals = outcomes.length;
  const hits = outcomes.filter((o) => o.result === 'hit').length;
  const stops = outcomes.filter((o) => o.result === 'stop').length;
  if (signals === 0) return { signals, hits, stops, hitRate: null, averageReturn: null };
  const sum = outcomes.reduce((s, o) => s.plus(o.ret), new Decimal(0));
  return {
    signals,
    hits,
    stops,
    hitRate: new Decimal(hits).div(signals).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(),
    averageReturn: sum.div(signals).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(),
  };
}
