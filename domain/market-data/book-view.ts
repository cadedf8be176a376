import type { Market } from '../market/instrument';
import { bistTickSteps, fromSteps, STOCK_PRICE_SCALE, toSteps } from '../market/ticks';

/**
 * How a screen wants a book shown, chosen by the user and applied in the worker (the grouping is
 * exact maths on every level and must not run in React): `group` a price step to add levels up
 * by (a canonical decimal; null shows every level), `perSecond` how many book patches a second
 * at most (0: every frame).
 */
export type BookPace = 0 | 2 | 4;
export type BookView = { group: string | null; perSecond: BookPace };

export const BOOK_PACES: readonly BookPace[] = [0, 4, 2];
export const LIVE_BOOK: BookView = { group: null, perSecond: 0 };

/**
 * The worker's book settings (its object implements this too; in-thread fakes need not). A view
 * is per symbol and stays until changed; a new grouping posts the book afresh (`reset`).
 */
export interface BookViewApi {
  setBookView(symbol: string, view: BookView): void;
}

/** Multiples of the tick a stock's book may be grouped by. */
const STOCK_MULTIPLES = [1, 5, 10, 50] as const;
/** Price steps a coin's book may be grouped by, those at least its tick (10^-scale). */
const COIN_GROUPS = ['0.01', '0.1', '1', '10'] as const;

/**
 * The groupings a book offers, finest first, as canonical decimals. A stock's
 * tick depends on its price (the BIST table), so its choices are multiples of the tick at
 * `price` (the last or best price); without a price, of the lowest tick. A coin's are fixed steps,
 * those no finer than its tick. The finest choice equal to the tick is the ungrouped book.
 */
export function groupingChoices(market: Market, priceScale: number, price?: string | null): string[] {
  if (market === 'stock') {
    const steps = price ? toSteps(price, STOCK_PRICE_SCALE) : NaN;
    const tick = Number.isFinite(steps) && steps > 0 ? bistTickSteps(steps) : 1;
    return STOCK_MULTIPLES.map((multiple) => fromSteps(tick * multiple, STOCK_PRICE_SCALE));
  }
  return COIN_GROUPS.filter((group) => {
    const steps = toSteps(group, priceScale);
    return Number.isSafeInteger(steps) && steps >= 1;
  });
}

/**
 * A grouping in price steps of 10^-scale: an integer ≥ 1, or 1 (ungrouped) for null or a step
 * off the scale's grid, so a bad choice never hides levels.
 */
export function groupSteps(group: string | null, scale: number): number {
  if (group === null) return 1;
  const steps = toSteps(group, scale);
  return Number.isSafeInteger(steps) && steps >= 1 ? steps : 1;
}

/** The milliseconds between book patches at `perSecond` (0: no wait). */
export function paceMs(perSecond: BookPace): number {
  // Read as it came over the worker's line: anything but a pace offered is every frame.
  return perSecond === 2 || perSecond === 4 ? 1000 / perSecond : 0;
}
