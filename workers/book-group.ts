import { QtySum } from '../domain/market/qty-sum';
import { ensure } from '../domain/assert';
import type { BookSide, TopLevels } from './book-side';

/** Where a level goes: bids down to their bucket's price, asks up, so a bucket never crosses the spread. */
export function bucketOf(steps: number, group: number, descending: boolean): number {
  // % is exact on safe integers, where a division and a floor may round at the top of the range.
  const rest = steps % group;
  if (rest === 0) return steps;
  return descending ? steps - rest : steps - rest + group;
}

/**
 * A side's best `depth` buckets of `group` price steps, best first, each with the exact sum of the
 * levels in it (QtySum), in the shape of the side's own read (TopLevels) so the book diffs and
 * posts them as it does single levels. Empty buckets are not shown, as empty prices are not.
 *
 * The side is read best first, a few levels a bucket at first and four times as many each time a
 * read runs out before the first bucket past `depth` is seen: the last bucket shown is complete
 * only once a level beyond it (or the side's end) has been read.
 */
export class GroupedLevels implements TopLevels {
  count = 0;
  readonly start = 0;
  readonly prices: number[] = [];
  readonly qtys: string[] = [];
  private readonly sum = new QtySum();

  read(side: BookSide, group: number, depth: number): TopLevels {
    const held = side.size;
    let n = Math.min(held, Math.max(32, depth * 4));
    for (;;) {
      const view = side.view(n);
      if (this.fill(view, group, depth, side.descending) || view.count >= held) return this;
      n = Math.min(held, n * 4);
    }
  }

  /** Buckets from `view`; true when a level past the `depth`th bucket was reached. */
  private fill(view: TopLevels, group: number, depth: number, descending: boolean): boolean {
    const { prices, qtys, start } = view;
    const sum = this.sum;
    let count = 0;
    let bucket = NaN;
    for (let i = 0; i < view.count; i++) {
      const steps = ensure(prices[start + i], 'a level below the count read');
      const at = bucketOf(steps, group, descending);
      if (at !== bucket) {
        if (count > 0) this.qtys[count - 1] = sum.text();
        if (count === depth) {
          this.count = count;
          return true;
        }
        bucket = at;
        this.prices[count++] = at;
        sum.reset();
      }
      sum.add(ensure(qtys[start + i], 'a quantity below the count read'));
    }
    if (count > 0) this.qtys[count - 1] = sum.text();
    this.count = count;
    return false;
  }
}
