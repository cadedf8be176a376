import { QtyTable } from './book-table';
import { CAPACITY, NEAR_MAX, NearList } from './near-list';
import { ensure } from '../domain/assert';

/**
 * One side of an order book in two parts: the best levels, in order, in a short list (`near`),
 * and every level behind them in a hash table on typed arrays (book-table.ts) in no order at all.
 * A change behind the near list's last price is one hash operation and a comparison, whatever
 * the prices or the span between them; a change among the best levels moves at most the short
 * list. Memory follows the number of levels, not the span between them.
 *
 * The near list holds every level better than its last one, best first, so a read of the top N
 * hands out the list itself (copying 20 prices and quantities per read would cost more than the
 * moves an insert near the touch makes). It sits in the middle of larger arrays, so an insert or a
 * removal moves the shorter part of it: changes crowd at the touch, and moving the few levels
 * before one rather than the many behind it made every bench shape 4–8% faster. It spills its worst levels into the table past NEAR_MAX
 * and takes the best ones back when a read wants more levels than it holds, or it empties: one
 * scan of the table (O(levels held), never O(price steps)) picks them all. Levels come and go
 * near the touch at about equal rates, so with room between NEAR_KEEP and NEAR_MAX to wander
 * the scans are rare (about one in 2,000 changes on the bench's sparse streams).
 *
 * Measured against the earlier design (occupancy bits with summary words, all in hash tables),
 * this touches one table for a level behind the touch instead of two to four.
 *
 * `version` counts the changes that reach the levels readers look at, so a reader whose top did
 * not change skips the read (about 3 diffs in 4 leave the top 20 alone).
 *
 * The book is bounded by depth: past MAX_LEVELS levels, the ones farthest from the touch are
 * dropped (no screen shows them), TRIM_LEVELS at a time so that finding them, a scan, is rare.
 */
export const MAX_LEVELS = 1 << 16;
/** How many levels go at once past MAX_LEVELS. */
export const TRIM_LEVELS = MAX_LEVELS >> 6;

/** The best levels of a side, best first: `count` of them in `prices` (steps) and `qtys`. */
export type TopLevels = {
  readonly count: number;
  /** Where the best level sits in `prices` and `qtys`: level i is at start + i. */
  readonly start: number;
  readonly prices: readonly number[];
  readonly qtys: readonly string[];
};
/** The near list's size after a spill or refill. */
const NEAR_KEEP = 28;

/** Canonical zero quantities remove a level: "0", "0.0", "0.000"… */
export function isZeroQty(qty: string): boolean {
  for (let i = 0; i < qty.length; i++) {
    const code = qty.charCodeAt(i);
    if (code !== 48 && code !== 46) return false;
  }
  return true;
}

export class BookSide extends NearList {
  /** Every level worse than prices[near - 1]. */
  private readonly far = new QtyTable();
  /** Where a refill or trim sorts the prices it picks. */
  private picks = new Float64Array(NEAR_MAX);
  private changes = 0;
  /** The most levels a `top` call asked for since the side was cleared. */
  private watched = 0;
  /** Every one of the best `watched` levels is at this price or better (±Infinity: unknown). */
  private bound = 0;

  constructor(descending: boolean) {
    super(descending);
    this.clear();
  }

  get size(): number {
    return this.near + this.far.size;
  }

  /**
   * Changes whenever one of the best N levels may have changed (N: the most levels a `top` call
   * asked for since `clear`; before any, every change counts). Equal versions, equal top N.
   */
  get version(): number {
    return this.changes;
  }

  /** Best price in steps, NaN when the side is empty. */
  bestPrice(): number {
    return this.near > 0 ? ensure(this.prices[this.head], 'a near list holds its head') : NaN;
  }

  clear(): void {
    this.far.clear();
    this.prices = new Array<number>(CAPACITY).fill(0);
    this.qtys = new Array<string>(CAPACITY).fill('');
    this.head = CAPACITY >> 1;
    this.shown.prices = this.prices;
    this.shown.qtys = this.qtys;
    this.near = 0;
    this.changes++;
    this.watched = 0;
    this.bound = this.descending ? -Infinity : Infinity;
  }

  /** Whether `steps` belongs in the near list: at or better than its last level, or nothing is behind it. */
  private isNear(steps: number): boolean {
    const near = this.near;
    if (this.far.size === 0) return true;
    const last = ensure(this.prices[this.head + near - 1], 'a near list holds its last level');
    return this.descending ? steps >= last : steps <= last;
  }

  qtyAt(steps: number): string | undefined {
    if (this.isNear(steps)) {
      const i = this.nearIndex(steps);
      const at = this.head + i;
      return i < this.near && this.prices[at] === steps ? this.qtys[at] : undefined;
    }
    const at = this.far.find(steps);
    return at < 0 ? undefined : this.far.vals[at];
  }

  /** Whether a change at `steps` can reach the watched levels. */
  private watches(steps: number): boolean {
    return this.descending ? steps >= this.bound : steps <= this.bound;
  }

  /** Sets a level's absolute quantity; a zero quantity removes it. */
  set(steps: number, qty: string): void {
    if (isZeroQty(qty)) {
      this.remove(steps);
      return;
    }
    if (this.watches(steps)) this.changes++;
    if (!this.isNear(steps)) {
      if (this.far.put(steps, qty) && this.size > MAX_LEVELS) this.trim();
      return;
    }
    const i = this.nearIndex(steps);
    const found = this.head + i;
    if (i < this.near && this.prices[found] === steps) {
      this.qtys[found] = qty;
      return;
    }
    const at = this.open(i);
    this.prices[at] = steps;
    this.qtys[at] = qty;
    if (this.near > NEAR_MAX) this.spill();
    if (this.size > MAX_LEVELS) this.trim();
  }

  remove(steps: number): void {
    if (!this.isNear(steps)) {
      const at = this.far.find(steps);
      if (at < 0) return;
      this.far.removeAt(at);
      if (this.watches(steps)) this.moved();
      return;
    }
    const i = this.nearIndex(steps);
    const near = this.near;
    if (i === near || this.prices[this.head + i] !== steps) return;
    this.close(i);
    if (this.watches(steps)) this.moved();
    if (near === 1 && this.far.size > 0) this.refill(NEAR_KEEP);
  }

  /** A watched level went: one past them moves in, and where it lies is known at the next read. */
  private moved(): void {
    this.changes++;
    this.bound = this.descending ? -Infinity : Infinity;
  }

  /** Moves the near list's levels past NEAR_KEEP into the table. */
  private spill(): void {
    const far = this.far;
    const prices = this.prices;
    const qtys = this.qtys;
    const head = this.head;
    for (let i = head + NEAR_KEEP; i < head + this.near; i++) {
      far.put(ensure(prices[i], 'a near price'), ensure(qtys[i], 'a near quantity'));
      qtys[i] = '';
    }
    this.near = NEAR_KEEP;
  }

  /** Brings the near list up to `want` levels (or all there are) from the best ones in the table: one scan. */
  private refill(want: number): void {
    const far = this.far;
    const n = Math.min(want - this.near, far.size);
    if (n <= 0) return;
    const descending = this.descending;
    let picks: Float64Array;
    if (n > NEAR_MAX) {
      // A deep read: sort the whole table rather than insert into a long list of picks.
      const held = far.sortedKeys();
      picks = descending ? held.reverse() : held;
    } else {
      if (this.picks.length < n) this.picks = new Float64Array(n);
      picks = this.picks;
      const keys = far.keys;
      // The best n keys, best first, by insertion: first any n held keys, then those better than
      // the worst picked. Most fail that one test, an empty slot too (NaN compares false), so the
      // scan is a predictable branch a slot.
      let s = 0;
      for (let count = 0; count < n; s++) {
        const k = ensure(keys[s], 'a slot inside the table');
        if (k !== k) continue;
        insertPick(picks, count++, k, descending);
      }
      let worst = ensure(picks[n - 1], 'a pick below the count');
      for (; s < keys.length; s++) {
        const k = ensure(keys[s], 'a slot inside the table');
        if (descending ? !(k > worst) : !(k < worst)) continue;
        insertPick(picks, n - 1, k, descending);
        worst = ensure(picks[n - 1], 'a pick below the count');
      }
    }
    if (this.head + this.near + n > this.prices.length) this.recentre(this.near + n);
    const prices = this.prices;
    const qtys = this.qtys;
    const end = this.head + this.near;
    for (let i = 0; i < n; i++) {
      const pick = ensure(picks[i], 'a pick below the count');
      const at = far.find(pick);
      prices[end + i] = pick;
      qtys[end + i] = ensure(far.vals[at], 'a picked price is in the table');
      far.removeAt(at);
    }
    this.near += n;
  }

  /**
   * Past MAX_LEVELS: drops the TRIM_LEVELS levels farthest from the touch, from the near list too
   * when the table holds fewer.
   */
  private trim(): void {
    const far = this.far;
    const drop = this.size - (MAX_LEVELS - TRIM_LEVELS);
    const fromFar = Math.min(drop, far.size);
    if (fromFar > 0) {
      const held = far.sortedKeys();
      // Ascending: bids drop their lowest prices, asks their highest.
      const from = this.descending ? 0 : held.length - fromFar;
      for (let i = from; i < from + fromFar; i++)
        far.removeAt(far.find(ensure(held[i], 'a held key below the count')));
    }
    if (drop > fromFar) {
      const near = this.near - (drop - fromFar);
      for (let i = this.head + near; i < this.head + this.near; i++) this.qtys[i] = '';
      this.near = near;
      this.moved();
    }
  }

  /** The near list holding the best `n` levels or all there are; how many that is. */
  private ready(n: number): number {
    const want = Math.min(n, this.size);
    if (this.near < want) this.refill(Math.max(want, NEAR_KEEP));
    return Math.max(want, 0);
  }

  /**
   * The best `n` levels without copying them: the side's own lists, to read before the next
   * change (copying 20 prices and quantities costs more than a level change). One object per
   * side, refreshed by each call; with `version`, a reader skips the call when nothing changed.
   */
  view(n: number): TopLevels {
    const view = this.shown;
    view.count = this.ready(n);
    view.start = this.head;
    this.watch(n, view.count, this.prices);
    return view;
  }

  /** After a read of `n` levels that found `found`: narrow what `version` watches to them. */
  private watch(n: number, found: number, prices: readonly number[]): void {
    if (n > 0 && n >= this.watched) {
      this.watched = n;
      this.bound =
        found === n
          ? ensure(prices[this.head + n - 1], 'the nth level found')
          : this.descending
            ? -Infinity
            : Infinity;
    }
  }
}

/** Puts `k` at place `at` of the picks (best first), moving the worse ones before it one place on. */
function insertPick(picks: Float64Array, at: number, k: number, descending: boolean): void {
  let i = at;
  for (; i > 0; i--) {
    const before = ensure(picks[i - 1], 'a pick below the count');
    if (descending ? !(k > before) : !(k < before)) break;
    picks[i] = before;
  }
  picks[i] = k;
}
