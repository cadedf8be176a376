import Decimal from 'decimal.js';

/** How far the last price has moved within the window: the larger of the rise and the fall, percent. */
export type Move = { percent: Decimal; direction: 'up' | 'down' };

/**
 * The move of `last` against the window's extremes: up = (last − low) / low, down = (high − last)
 * / high, both × 100; the larger one wins (a tie reads as up). Null without a positive low.
 */
export function moveOf(low: Decimal.Value, high: Decimal.Value, last: Decimal.Value): Move | null {
  const lo = new Decimal(low);
  const hi = new Decimal(high);
  if (lo.lte(0) || hi.lte(0)) return null;
  const up = new Decimal(last).minus(lo).div(lo).times(100);
  const down = hi.minus(last).div(hi).times(100);
  return down.gt(up) ? { percent: down, direction: 'down' } : { percent: up, direction: 'up' };
}

type Point = { t: number; price: Decimal };

/**
 * The lowest and highest price of the last `windowMs`, kept in two monotonic queues: each tick
 * is pushed once and dropped once, so a tick costs O(1) amortised however long the window.
 */
export function createMoveWindow(windowMs: number) {
  const lows: Point[] = [];
  const highs: Point[] = [];
  let lowHead = 0;
  let highHead = 0;

  function compact(): void {
    // Dropping from the front by index, and trimming the dead prefix now and then, keeps shift() out.
    if (lowHead > 1024 && lowHead * 2 > lows.length) {
      lows.splice(0, lowHead);
      lowHead = 0;
    }
    if (highHead > 1024 && highHead * 2 > highs.length) {
      highs.splice(0, highHead);
      highHead = 0;
    }
  }

  return {
    push(t: number, price: Decimal.Value): void {
      const p = { t, price: new Decimal(price) };
      while (lows.length > lowHead && (lows[lows.length - 1] as Point).price.gte(p.price)) lows.pop();
      lows.push(p);
      while (highs.length > highHead && (highs[highs.length - 1] as Point).price.lte(p.price)) highs.pop();
      highs.push(p);
      const since = t - windowMs;
      while (lowHead < lows.length - 1 && (lows[lowHead] as Point).t < since) lowHead++;
      while (highHead < highs.length - 1 && (highs[highHead] as Point).t < since) highHead++;
      compact();
    },
    /** The move of the latest price within the window; null before the first tick. */
    move(): Move | null {
      const low = lows[lowHead];
      const high = highs[highHead];
      const last = lows[lows.length - 1];
      if (!low || !high || !last) return null;
      return moveOf(low.price, high.price, last.price);
    },
  };
}
export type MoveWindowState = ReturnType<typeof createMoveWindow>;
