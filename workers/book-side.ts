/**
 * One side of an order book, sparse: price levels (integer steps) live in 32-step leaves, each
 * with an occupancy word, found through three levels of summary words (a set bit says "something
 * below"), all in maps keyed by position, so memory follows the number of levels, not the span
 * between them. The summaries' top words (2^20 steps each) are kept in a sorted list. The next
 * level away from any price is a few word lookups and `Math.clz32`, however many empty steps
 * lie between; a level change is O(1) and never shifts neighbours (sorted-array books such as
 * ccxt's move every level behind the change).
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

type Leaf = { word: number; qtys: string[] };

const lowBit = (word: number) => 31 - Math.clz32(word & -word);
const highBit = (word: number) => 31 - Math.clz32(word);

export class BookSide {
  /** Bids: higher is better; asks: lower is better. */
  readonly descending: boolean;
  /** Leaf key `floor(steps / 32)` → occupancy word and the quantities of its 32 steps. */
  private leaves = new Map<number, Leaf>();
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
    this.sums = Array.from({ length: SUMMARIES }, () => new Map<number, number>());
    this.regions = [];
    this.count = 0;
    this.best = NaN;
    this.cached = 0;
  }

  qtyAt(steps: number): string | undefined {
    const key = Math.floor(steps / 32);
    const leaf = this.leaves.get(key);
    if (leaf === undefined || (leaf.word & (1 << (steps - key * 32))) === 0) return undefined;
    return leaf.qtys[steps - key * 32];
  }

  /** Sets a level's absolute quantity; a zero quantity removes it. */
  set(steps: number, qty: string): void {
    if (isZeroQty(qty)) {
      this.remove(steps);
      return;
    }
    const key = Math.floor(steps / 32);
    const bit = steps - key * 32;
    let leaf = this.leaves.get(key);
    if (leaf === undefined) {
      leaf = { word: 0, qtys: new Array<string>(32).fill('') };
      this.leaves.set(key, leaf);
    }
    leaf.qtys[bit] = qty;
    const was = leaf.word;
    const mask = 1 << bit;
    if ((was & mask) !== 0) {
      const at = this.cacheIndex(steps);
      if (at >= 0) this.cacheQtys[at] = qty;
      return;
    }
    leaf.word = was | mask;
    if (was === 0) this.markUp(key);
    this.count++;
    const best = this.best;
    if (!(best === best) || (this.descending ? steps > best : steps < best)) this.best = steps;
    this.cacheInsert(steps, qty);
    if (this.count > MAX_LEVELS) this.remove(this.worst());
  }

  remove(steps: number): void {
    const key = Math.floor(steps / 32);
    const bit = steps - key * 32;
    const leaf = this.leaves.get(key);
    const mask = 1 << bit;
    if (leaf === undefined || (leaf.word & mask) === 0) return;
    leaf.word &= ~mask;
    leaf.qtys[bit] = '';
    if (leaf.word === 0) {
      this.leaves.delete(key);
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
    let key = Math.floor(steps / 32);
    let bit = steps - key * 32;
    while (found < n) {
      const leaf = this.leaves.get(key)!;
      // The leaf's levels from `bit` on, in walking order.
      let word = descending ? leaf.word & ~(-2 << bit) : leaf.word & (-1 << bit);
      while (word !== 0 && found < n) {
        const b = descending ? highBit(word) : lowBit(word);
        word &= ~(1 << b);
        prices[found] = key * 32 + b;
        qtys[found] = leaf.qtys[b]!;
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
    const key = Math.floor(steps / 32);
    const bit = steps - key * 32;
    const leaf = this.leaves.get(key);
    if (leaf !== undefined) {
      const word = this.descending ? leaf.word & ~(-1 << bit) : leaf.word & (-2 << bit);
      if (word !== 0) return key * 32 + (this.descending ? highBit(word) : lowBit(word));
    }
    const next = this.leafAfter(key);
    if (!(next === next)) return NaN;
    const word = this.leaves.get(next)!.word;
    return next * 32 + (this.descending ? highBit(word) : lowBit(word));
  }

  /** Key of the next non-empty leaf after leaf `key`, away from the touch; NaN when none. */
  private leafAfter(key: number): number {
    const descending = this.descending;
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = Math.floor(x / 32);
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
    const word = this.leaves.get(x)!.word;
    return x * 32 + (descending ? lowBit(word) : highBit(word));
  }

  private markUp(key: number): void {
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = Math.floor(x / 32);
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
      const up = Math.floor(x / 32);
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
