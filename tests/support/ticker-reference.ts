import { formatPercentHundredths, percentHundredths } from '../../domain/market/change';
import { fromSteps, toSteps } from '../../domain/market/ticks';
import type { TickerView } from '../../domain/market-data/contract';
import type { TickerInput } from '../../domain/protocol/stream-codec-frame';

/**
 * Builds the next TickerView from the previous one, in integer steps: change = last − prev,
 * pct rounded half away from zero to 2 decimals, dir the direction of the last move (kept
 * while the price stands still). Null when a price is off the grid. The plain definition the
 * worker's TickerState (which formats lazily at flush) is held to by its tests.
 */
export function nextTicker(
  symbol: string,
  input: TickerInput,
  scale: number,
  previous: TickerView | undefined,
): TickerView | null {
  const last = toSteps(input.last, scale);
  const open = toSteps(input.open, scale);
  const high = toSteps(input.high, scale);
  const low = toSteps(input.low, scale);
  const prev = toSteps(input.prev, scale);
  if (Number.isNaN(last + open + high + low + prev)) return null;
  const change = last - prev;
  let dir: -1 | 0 | 1 = previous?.dir ?? 0;
  if (previous) {
    const before = toSteps(previous.last, scale);
    if (last > before) dir = 1;
    else if (last < before) dir = -1;
  }
  return {
    symbol,
    last: fromSteps(last, scale),
    open: fromSteps(open, scale),
    high: fromSteps(high, scale),
    low: fromSteps(low, scale),
    prev: fromSteps(prev, scale),
    change: fromSteps(change, scale),
    pct: percent(change, prev),
    vol: input.vol,
    turnover: input.turnover,
    t: input.t,
    dir,
  };
}

/** change / prev × 100 with 2 decimals; "0.00" without a previous close. */
export function percent(change: number, prev: number): string {
  return formatPercentHundredths(percentHundredths(change, prev));
}

/** The keys of `next` that differ from `previous` (all of them for a new ticker). */
export function tickerChanges(
  previous: TickerView | undefined,
  next: TickerView,
): Partial<TickerView> | null {
  if (!previous) return next;
  let changes: Partial<TickerView> | null = null;
  for (const key in next) {
    const name = key as keyof TickerView;
    if (previous[name] !== next[name]) {
      changes ??= {};
      (changes as Record<string, unknown>)[name] = next[name];
    }
  }
  return changes;
}
