/**
 * One side of an order book, sparse: a level's quantity is in a map by price (integer steps);
 * its presence is a bit in a 32-step leaf word, found through three levels of summary words (a
 * set bit says "something below"), all in maps keyed by position, so memory follows the number
 * of levels, not the span between them. The summaries' top words (2^20 steps each) are kept in
 * a sorted list. The next level away from any price is a few word lookups and `Math.clz32`,
 * however many empty steps lie between; a level change is O(1) and never shifts neighbours
 * (sorted-array books such as ccxt's move every level behind the change). Keys stay small
 * integers where they can (`up32`): a boxed number key costs an allocation per lookup.
 *
 * The best levels are also kept in order in a short list (`CACHE`), which a change near the
 * touch keeps up to date and a read of the top N copies; it is refilled from the words when
 * removals have thinned it.
 *
 * The book is bounded by depth: past MAX_LEVELS levels, the one farthest from the touch is
 * dropped (no screen shows it).
 */
export const MAX_LEVELS = 1 << 16;
const CACHE = 32;
/** Summary levels above the leaves: words over 2^10, 2^15 and 2^20 steps. */
const SUMMARIES = 3;

/** Canonical zero quantities remove a level: "0", "0.0", "0.000"… */
export function isZeroQty(qty: string): boolean {
  for (let i = 0; i < qty.length; i++) {
    const code = qty.charCodeAt(i);
    if (code !== 48 && code !== 46) return false;
  }
  return true;
}

/** floor(x / 32), as a small integer where it can be one (map keys that need no boxing). */
const up32 = (x: number) => (x >= -0x80000000 && x <= 0x7fffffff ? x >> 5 : Math.floor(x / 32));

const lowBit = (word: number) => 31 - Math.clz32(word & -word);
const highBit = (word: number) => 31 - Math.clz32(word);

export class BookSide {
  /** Bids: higher is better; asks: lower is better. */
  readonly descending: boolean;
  /** Leaf key `floor(steps / 32)` → occupancy word of its 32 steps. */
  private leaves = new Map<number, number>();
  private qtys = new Map<number, string>();
  /** sums[k]: key `floor(leaf / 32^(k+1))` → bit `floor(leaf / 32^k) & 31` set when non-empty. */
  private sums: Map<number, number>[] = [];
  /** Keys of sums[SUMMARIES - 1], ascending. */
  private regions: number[] = [];
  private count = 0;
  /** Best price in steps, NaN when empty. */
  private best = NaN;
  /** The best `cached` levels, best first; every level better than the last one is in it. */
  private readonly cachePrices: number[] = [];
  private readonly cacheQtys: string[] = [];
  private cached = 0;

  constructor(descending: boolean) {
    this.descending = descending;
    this.clear();
  }

  get size(): number {
    return this.count;
  }

  /** Best price in steps, NaN when the side is empty. */
  bestPrice(): number {
    return this.best;
  }

  clear(): void {
    this.leaves = new Map();
    this.qtys = new Map();
    this.sums = Array.from({ length: SUMMARIES }, () => new Map<number, number>());
    this.regions = [];
    this.count = 0;
    this.best = NaN;
    this.cached = 0;
  }

  qtyAt(steps: number): string | undefined {
    return this.qtys.get(steps);
  }

  /** Sets a level's absolute quantity; a zero quantity removes it. */
  set(steps: number, qty: string): void {
    if (isZeroQty(qty)) {
      this.remove(steps);
      return;
    }
    const qtys = this.qtys;
    const size = qtys.size;
    qtys.set(steps, qty);
    if (qtys.size === size) {
      const at = this.cacheIndex(steps);
      if (at >= 0) this.cacheQtys[at] = qty;
      return;
    }
    const key = up32(steps);
    const leaves = this.leaves;
    const was = leaves.get(key) ?? 0;
    leaves.set(key, was | (1 << (steps - key * 32)));
    if (was === 0) this.markUp(key);
    this.count++;
    const best = this.best;
    if (!(best === best) || (this.descending ? steps > best : steps < best)) this.best = steps;
    this.cacheInsert(steps, qty);
    if (this.count > MAX_LEVELS) this.remove(this.worst());
  }

  remove(steps: number): void {
    if (!this.qtys.delete(steps)) return;
    const key = up32(steps);
    const leaves = this.leaves;
    const word = leaves.get(key)! & ~(1 << (steps - key * 32));
    if (word !== 0) leaves.set(key, word);
    else {
      leaves.delete(key);
      this.unmarkUp(key);
    }
    this.count--;
    const at = this.cacheIndex(steps);
    if (at >= 0) {
      const prices = this.cachePrices;
      const qtys = this.cacheQtys;
      const last = --this.cached;
      for (let i = at; i < last; i++) {
        prices[i] = prices[i + 1]!;
        qtys[i] = qtys[i + 1]!;
      }
    }
    if (steps === this.best)
      this.best = this.count === 0 ? NaN : this.cached > 0 ? this.cachePrices[0]! : this.away(steps);
  }

  /**
   * Writes up to `n` best levels (prices in steps, best first) into `prices` and `qtys`;
   * returns how many there were.
   */
  top(n: number, prices: number[], qtys: string[]): number {
    const want = Math.min(n, this.count);
    if (want <= 0) return 0;
    if (want > CACHE) return this.walk(this.best, want, prices, qtys, 0);
    if (this.cached < want) this.refill();
    const cachePrices = this.cachePrices;
    const cacheQtys = this.cacheQtys;
    for (let i = 0; i < want; i++) {
      prices[i] = cachePrices[i]!;
      qtys[i] = cacheQtys[i]!;
    }
    return want;
  }

  /** Where `steps` sits in the cache of best levels, -1 when it isn't there. */
  private cacheIndex(steps: number): number {
    const cached = this.cached;
    if (cached === 0) return -1;
    const prices = this.cachePrices;
    const last = prices[cached - 1]!;
    if (this.descending ? steps < last : steps > last) return -1;
    for (let i = 0; i < cached; i++) if (prices[i] === steps) return i;
    return -1;
  }

  /** A new level: into the cache when it is among the levels the cache holds. */
  private cacheInsert(steps: number, qty: string): void {
    const cached = this.cached;
    const prices = this.cachePrices;
    const qtys = this.cacheQtys;
    if (cached === 0 || !(this.descending ? steps > prices[cached - 1]! : steps < prices[cached - 1]!)) {
      // Past the last cached level: it belongs at the end only if the cache held every level.
      if (cached < CACHE && cached === this.count - 1) {
        prices[cached] = steps;
        qtys[cached] = qty;
        this.cached = cached + 1;
      }
      return;
    }
    let i = cached === CACHE ? cached - 1 : cached;
    if (cached < CACHE) this.cached = cached + 1;
    for (; i > 0 && (this.descending ? steps > prices[i - 1]! : steps < prices[i - 1]!); i--) {
      prices[i] = prices[i - 1]!;
      qtys[i] = qtys[i - 1]!;
    }
    prices[i] = steps;
    qtys[i] = qty;
  }

  private refill(): void {
    const cached = this.cached;
    const from = cached === 0 ? this.best : this.away(this.cachePrices[cached - 1]!);
    if (from === from)
      this.cached = this.walk(from, Math.min(CACHE, this.count), this.cachePrices, this.cacheQtys, cached);
  }

  /** Writes levels from `steps` (held) away from the touch at `found`… until `n` are written. */
  private walk(steps: number, n: number, prices: number[], qtys: string[], found: number): number {
    const descending = this.descending;
    const leaves = this.leaves;
    const held = this.qtys;
    let key = up32(steps);
    let bit = steps - key * 32;
    while (found < n) {
      const all = leaves.get(key)!;
      // The leaf's levels from `bit` on, in walking order.
      let word = descending ? all & ~(-2 << bit) : all & (-1 << bit);
      while (word !== 0 && found < n) {
        const b = descending ? highBit(word) : lowBit(word);
        word &= ~(1 << b);
        const price = key * 32 + b;
        prices[found] = price;
        qtys[found] = held.get(price)!;
        found++;
      }
      if (found >= n) break;
      const next = this.leafAfter(key);
      if (!(next === next)) break;
      key = next;
      bit = descending ? 31 : 0;
    }
    return found;
  }

  /** The next held level after `steps`, away from the touch; NaN when none. */
  private away(steps: number): number {
    const key = up32(steps);
    const bit = steps - key * 32;
    const all = this.leaves.get(key);
    if (all !== undefined) {
      const word = this.descending ? all & ~(-1 << bit) : all & (-2 << bit);
      if (word !== 0) return key * 32 + (this.descending ? highBit(word) : lowBit(word));
    }
    const next = this.leafAfter(key);
    if (!(next === next)) return NaN;
    const word = this.leaves.get(next)!;
    return next * 32 + (this.descending ? highBit(word) : lowBit(word));
  }

  /** Key of the next non-empty leaf after leaf `key`, away from the touch; NaN when none. */
  private leafAfter(key: number): number {
    const descending = this.descending;
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = up32(x);
      const bit = x - up * 32;
      const word = (this.sums[k]!.get(up) ?? 0) & (descending ? ~(-1 << bit) : -2 << bit);
      if (word !== 0) return this.down(k, up * 32 + (descending ? highBit(word) : lowBit(word)));
      x = up;
    }
    // Beyond this region (which may have just emptied): the next one in the sorted list.
    const regions = this.regions;
    let lo = 0;
    let hi = regions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (descending ? regions[mid]! < x : regions[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    const at = descending ? lo - 1 : lo;
    if (at < 0 || at >= regions.length) return NaN;
    return this.down(SUMMARIES, regions[at]!);
  }

  /** From a set bit at summary level `level` (its position `x`), down to the leaf key nearest the touch. */
  private down(level: number, x: number): number {
    let position = x;
    for (let k = level - 1; k >= 0; k--) {
      const word = this.sums[k]!.get(position)!;
      position = position * 32 + (this.descending ? highBit(word) : lowBit(word));
    }
    return position;
  }

  /** The level farthest from the touch. */
  private worst(): number {
    const regions = this.regions;
    const descending = this.descending;
    let x = descending ? regions[0]! : regions[regions.length - 1]!;
    for (let k = SUMMARIES - 1; k >= 0; k--) {
      const word = this.sums[k]!.get(x)!;
      x = x * 32 + (descending ? lowBit(word) : highBit(word));
    }
    const word = this.leaves.get(x)!;
    return x * 32 + (descending ? lowBit(word) : highBit(word));
  }

  private markUp(key: number): void {
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = up32(x);
      const sums = this.sums[k]!;
      const was = sums.get(up) ?? 0;
      sums.set(up, was | (1 << (x - up * 32)));
      if (was !== 0) return;
      x = up;
    }
    const regions = this.regions;
    let i = regions.length;
    while (i > 0 && regions[i - 1]! > x) i--;
    regions.splice(i, 0, x);
  }

  private unmarkUp(key: number): void {
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = up32(x);
      const sums = this.sums[k]!;
      const word = sums.get(up)! & ~(1 << (x - up * 32));
      if (word !== 0) {
        sums.set(up, word);
        return;
      }
      sums.delete(up);
      x = up;
    }
    this.regions.splice(this.regions.indexOf(x), 1);
  }
}
