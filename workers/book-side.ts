import { IntTable } from './book-table';

/**
 * One side of an order book, sparse: a level's presence is a bit in a 32-step leaf word, found
 * through three levels of summary words (a set bit says "something below"), all in hash tables on
 * typed arrays (book-table.ts) keyed by position, so memory follows the number of levels, not the
 * span between them. The summaries' top words (2^20 steps each) are kept in a sorted list. The
 * next level away from any price is a few word lookups and `Math.clz32`, however many empty steps
 * lie between; a level change is O(1) and never shifts neighbours (sorted-array books such as
 * ccxt's move every level behind the change).
 *
 * A leaf has an id; `slots[id * 32 + bit]` is where that step's quantity sits in a pool of strings,
 * so finding a level's quantity is one table lookup. (The slots are integers in a typed array:
 * 32 string fields per leaf would cost more to fill than the lookups they save, a sparse book
 * having a leaf per level.)
 *
 * The best levels are also kept in order in a short list (`CACHE`), which a change near the
 * touch keeps up to date and a read of the top N copies; it is refilled from the words when
 * removals have thinned it. `version` counts the changes that reach the levels readers look at,
 * so a reader whose top did not change skips the read (about 3 diffs in 4 leave the top 20 alone).
 *
 * The book is bounded by depth: past MAX_LEVELS levels, the one farthest from the touch is
 * dropped (no screen shows it).
 */
export const MAX_LEVELS = 1 << 16;

/** The best levels of a side, best first: `count` of them in `prices` (steps) and `qtys`. */
export type TopLevels = {
  readonly count: number;
  readonly prices: readonly number[];
  readonly qtys: readonly string[];
};
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

/** floor(x / 32), with a shift where x fits in 32 bits. */
const up32 = (x: number) => (x >= -0x80000000 && x <= 0x7fffffff ? x >> 5 : Math.floor(x / 32));

const lowBit = (word: number) => 31 - Math.clz32(word & -word);
const highBit = (word: number) => 31 - Math.clz32(word);

export class BookSide {
  /** Bids: higher is better; asks: lower is better. */
  readonly descending: boolean;
  /** Leaf key `floor(steps / 32)` → leaf id. */
  private readonly leafIds = new IntTable();
  /** Occupancy word of each leaf id's 32 steps. */
  private words = new Int32Array(64);
  /** Pool slot of the quantity of step `bit` of leaf `id`, at `id * 32 + bit`. */
  private slots = new Int32Array(64 * 32);
  private freeIds: number[] = [];
  private usedIds = 0;
  private pool: string[] = [];
  private freeSlots: number[] = [];
  /** sums[k]: key `floor(leaf / 32^(k+1))` → bit `floor(leaf / 32^k) & 31` set when non-empty. */
  private readonly sums = Array.from({ length: SUMMARIES }, () => new IntTable());
  /** Keys of sums[SUMMARIES - 1], ascending. */
  private regions: number[] = [];
  private count = 0;
  /** Best price in steps, NaN when empty. */
  private best = NaN;
  /** The best `cached` levels, best first; every level better than the last one is in it. */
  private readonly cachePrices: number[] = [];
  private readonly cacheQtys: string[] = [];
  private cached = 0;
  private changes = 0;
  private readonly shown: { count: number; prices: readonly number[]; qtys: readonly string[] } = {
    count: 0,
    prices: [],
    qtys: [],
  };
  /** Where `view` writes a read deeper than the cache. */
  private readonly deepPrices: number[] = [];
  private readonly deepQtys: string[] = [];
  /** The most levels a `top` call asked for since the side was cleared. */
  private watched = 0;
  /** Every one of the best `watched` levels is at this price or better (±Infinity: unknown). */
  private bound = 0;

  constructor(descending: boolean) {
    this.descending = descending;
    this.clear();
  }

  get size(): number {
    return this.count;
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
    return this.best;
  }

  clear(): void {
    this.leafIds.clear();
    for (const sums of this.sums) sums.clear();
    this.words = new Int32Array(64);
    this.slots = new Int32Array(64 * 32);
    this.freeIds = [];
    this.usedIds = 0;
    this.pool = [];
    this.freeSlots = [];
    this.regions = [];
    this.count = 0;
    this.best = NaN;
    this.cached = 0;
    this.changes++;
    this.watched = 0;
    this.bound = this.descending ? -Infinity : Infinity;
  }

  qtyAt(steps: number): string | undefined {
    const key = up32(steps);
    const at = this.leafIds.find(key);
    if (at < 0) return undefined;
    const id = this.leafIds.vals[at]!;
    const bit = steps - key * 32;
    return (this.words[id]! >>> bit) & 1 ? this.pool[this.slots[id * 32 + bit]!] : undefined;
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
    const key = up32(steps);
    const bit = steps - key * 32;
    const leafIds = this.leafIds;
    const at = leafIds.add(key);
    let id: number;
    if (leafIds.added) {
      id = this.newLeaf();
      leafIds.vals[at] = id;
      this.words[id] = 1 << bit;
      this.markUp(key);
    } else {
      id = leafIds.vals[at]!;
      const word = this.words[id]!;
      if ((word >>> bit) & 1) {
        this.pool[this.slots[id * 32 + bit]!] = qty;
        const index = this.cacheIndex(steps);
        if (index >= 0) this.cacheQtys[index] = qty;
        if (this.watches(steps)) this.changes++;
        return;
      }
      this.words[id] = word | (1 << bit);
    }
    let slot: number;
    if (this.freeSlots.length > 0) {
      slot = this.freeSlots.pop()!;
      this.pool[slot] = qty;
    } else slot = this.pool.push(qty) - 1;
    this.slots[id * 32 + bit] = slot;
    this.count++;
    const best = this.best;
    if (!(best === best) || (this.descending ? steps > best : steps < best)) this.best = steps;
    this.cacheInsert(steps, qty);
    if (this.watches(steps)) this.changes++;
    if (this.count > MAX_LEVELS) this.remove(this.worst());
  }

  private newLeaf(): number {
    if (this.freeIds.length > 0) return this.freeIds.pop()!;
    const id = this.usedIds++;
    if (id === this.words.length) {
      const words = new Int32Array(id * 2);
      words.set(this.words);
      this.words = words;
      const slots = new Int32Array(id * 64);
      slots.set(this.slots);
      this.slots = slots;
    }
    return id;
  }

  remove(steps: number): void {
    const key = up32(steps);
    const leafIds = this.leafIds;
    const at = leafIds.find(key);
    if (at < 0) return;
    const id = leafIds.vals[at]!;
    const bit = steps - key * 32;
    const was = this.words[id]!;
    if (!((was >>> bit) & 1)) return;
    const word = was & ~(1 << bit);
    this.words[id] = word;
    const slot = this.slots[id * 32 + bit]!;
    this.pool[slot] = ''; // let the string go
    this.freeSlots.push(slot);
    if (word === 0) {
      leafIds.removeAt(at);
      this.freeIds.push(id);
      this.unmarkUp(key);
    }
    this.count--;
    if (this.watches(steps)) {
      // One level past the watched ones moves in: where it lies is known at the next read.
      this.changes++;
      this.bound = this.descending ? -Infinity : Infinity;
    }
    const index = this.cacheIndex(steps);
    if (index >= 0) {
      const prices = this.cachePrices;
      const qtys = this.cacheQtys;
      const last = --this.cached;
      for (let i = index; i < last; i++) {
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
    let found = 0;
    if (want > CACHE) found = this.walk(this.best, want, prices, qtys, 0);
    else if (want > 0) {
      if (this.cached < want) this.refill();
      const cachePrices = this.cachePrices;
      const cacheQtys = this.cacheQtys;
      for (let i = 0; i < want; i++) {
        prices[i] = cachePrices[i]!;
        qtys[i] = cacheQtys[i]!;
      }
      found = want;
    }
    this.watch(n, found, prices);
    return found;
  }

  /**
   * The best `n` levels without copying them: the side's own lists, to read before the next
   * change (copying 20 prices and quantities costs more than a level change). One object per
   * side, refreshed by each call; with `version`, a reader skips the call when nothing changed.
   */
  view(n: number): TopLevels {
    const view = this.shown;
    const want = Math.min(n, this.count);
    if (want > CACHE) {
      view.prices = this.deepPrices;
      view.qtys = this.deepQtys;
      view.count = this.walk(this.best, want, this.deepPrices, this.deepQtys, 0);
    } else {
      if (this.cached < want) this.refill();
      view.prices = this.cachePrices;
      view.qtys = this.cacheQtys;
      view.count = Math.max(want, 0);
    }
    this.watch(n, view.count, view.prices);
    return view;
  }

  /** After a read of `n` levels that found `found`: narrow what `version` watches to them. */
  private watch(n: number, found: number, prices: readonly number[]): void {
    if (n > 0 && n >= this.watched) {
      this.watched = n;
      this.bound = found === n ? prices[n - 1]! : this.descending ? -Infinity : Infinity;
    }
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
    const leafIds = this.leafIds;
    let key = up32(steps);
    let bit = steps - key * 32;
    while (found < n) {
      const id = leafIds.vals[leafIds.find(key)]!;
      const all = this.words[id]!;
      // The leaf's levels from `bit` on, in walking order.
      let word = descending ? all & ~(-2 << bit) : all & (-1 << bit);
      while (word !== 0 && found < n) {
        const b = descending ? highBit(word) : lowBit(word);
        word &= ~(1 << b);
        prices[found] = key * 32 + b;
        qtys[found] = this.pool[this.slots[id * 32 + b]!]!;
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

  private leafWord(key: number): number {
    const at = this.leafIds.find(key);
    return at < 0 ? 0 : this.words[this.leafIds.vals[at]!]!;
  }

  /** The next held level after `steps`, away from the touch; NaN when none. */
  private away(steps: number): number {
    const key = up32(steps);
    const bit = steps - key * 32;
    const all = this.leafWord(key);
    const word = this.descending ? all & ~(-1 << bit) : all & (-2 << bit);
    if (word !== 0) return key * 32 + (this.descending ? highBit(word) : lowBit(word));
    const next = this.leafAfter(key);
    if (!(next === next)) return NaN;
    const nextWord = this.leafWord(next);
    return next * 32 + (this.descending ? highBit(nextWord) : lowBit(nextWord));
  }

  /** Key of the next non-empty leaf after leaf `key`, away from the touch; NaN when none. */
  private leafAfter(key: number): number {
    const descending = this.descending;
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = up32(x);
      const bit = x - up * 32;
      const word = this.sums[k]!.get(up, 0) & (descending ? ~(-1 << bit) : -2 << bit);
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
      const word = this.sums[k]!.get(position, 0);
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
      const word = this.sums[k]!.get(x, 0);
      x = x * 32 + (descending ? lowBit(word) : highBit(word));
    }
    const word = this.leafWord(x);
    return x * 32 + (descending ? lowBit(word) : highBit(word));
  }

  private markUp(key: number): void {
    let x = key;
    for (let k = 0; k < SUMMARIES; k++) {
      const up = up32(x);
      const sums = this.sums[k]!;
      const bit = 1 << (x - up * 32);
      const at = sums.find(up);
      if (at >= 0) {
        sums.vals[at] = sums.vals[at]! | bit;
        return;
      }
      sums.insert(up, bit);
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
      const at = sums.find(up);
      const word = sums.vals[at]! & ~(1 << (x - up * 32));
      if (word !== 0) {
        sums.vals[at] = word;
        return;
      }
      sums.removeAt(at);
      x = up;
    }
    this.regions.splice(this.regions.indexOf(x), 1);
  }
}
