/**
 * One side of an order book as a price ladder: slot `i` holds the quantity at price
 * `base + i` (integer steps), '' when the level is empty. A level change is O(1) and never
 * shifts neighbours (sorted-array books such as ccxt's move every level behind the change);
 * the best price is tracked, and reading the top N walks outward from it.
 *
 * The window grows to cover new prices up to MAX_SPAN slots; beyond that the book is bounded
 * by depth: levels farthest from the touch are dropped (no screen shows them).
 */
const MIN_SPAN = 1024;
export const MAX_SPAN = 1 << 20;

/** Canonical zero quantities remove a level: "0", "0.0", "0.000"… */
export function isZeroQty(qty: string): boolean {
  for (let i = 0; i < qty.length; i++) {
    const code = qty.charCodeAt(i);
    if (code !== 48 && code !== 46) return false;
  }
  return true;
}

export class BookSide {
  /** Bids: higher is better; asks: lower is better. */
  readonly descending: boolean;
  private slots: string[] = [];
  private base = 0;
  private count = 0;
  /** Index of the best level in `slots`, -1 when empty. */
  private best = -1;

  constructor(descending: boolean) {
    this.descending = descending;
  }

  get size(): number {
    return this.count;
  }

  /** Best price in steps, NaN when the side is empty. */
  bestPrice(): number {
    return this.best < 0 ? NaN : this.base + this.best;
  }

  clear(): void {
    this.slots = [];
    this.base = 0;
    this.count = 0;
    this.best = -1;
  }

  qtyAt(steps: number): string | undefined {
    const qty = this.slots[steps - this.base];
    return qty ? qty : undefined;
  }

  /** Sets a level's absolute quantity; a zero quantity removes it. */
  set(steps: number, qty: string): void {
    if (isZeroQty(qty)) {
      this.remove(steps);
      return;
    }
    let index = steps - this.base;
    if (index < 0 || index >= this.slots.length) {
      if (!this.cover(steps)) return;
      index = steps - this.base;
    }
    const slots = this.slots;
    if (slots[index] === '') {
      this.count++;
      const best = this.best;
      if (best < 0 || (this.descending ? index > best : index < best)) this.best = index;
    }
    slots[index] = qty;
  }

  remove(steps: number): void {
    const index = steps - this.base;
    const slots = this.slots;
    if (index < 0 || index >= slots.length || slots[index] === '') return;
    slots[index] = '';
    this.count--;
    if (index === this.best) this.best = this.count === 0 ? -1 : this.next(index);
  }

  /**
   * Writes up to `n` best levels (prices in steps, best first) into `prices` and `qtys`;
   * returns how many there were.
   */
  top(n: number, prices: number[], qtys: string[]): number {
    let found = 0;
    if (this.best < 0) return 0;
    const slots = this.slots;
    const step = this.descending ? -1 : 1;
    for (let i = this.best; i >= 0 && i < slots.length && found < n; i += step) {
      const qty = slots[i]!;
      if (qty !== '') {
        prices[found] = this.base + i;
        qtys[found] = qty;
        found++;
      }
    }
    return found;
  }

  /** The next non-empty slot after `from`, going away from the touch. */
  private next(from: number): number {
    const slots = this.slots;
    if (this.descending) {
      for (let i = from - 1; i >= 0; i--) if (slots[i] !== '') return i;
    } else {
      for (let i = from + 1; i < slots.length; i++) if (slots[i] !== '') return i;
    }
    return -1;
  }

  /** Re-lays the window so it holds `steps`; false when that would exceed MAX_SPAN even after pruning. */
  private cover(steps: number): boolean {
    const length = this.slots.length;
    if (this.count === 0) {
      this.layout(steps - MIN_SPAN / 2, MIN_SPAN);
      return true;
    }
    const low = Math.min(this.base, steps);
    const high = Math.max(this.base + length, steps + 1);
    const span = high - low;
    if (span <= MAX_SPAN) {
      // Room on both sides so a drifting touch doesn't re-lay the window on every tick.
      const size = Math.min(MAX_SPAN, Math.max(MIN_SPAN, span * 2));
      const slack = size - span;
      this.layout(steps < this.base ? low - slack + (slack >> 2) : low - (slack >> 2), size);
      return true;
    }
    // Too wide: keep the window nearest the touch; a level beyond it is deeper than we keep.
    // A new best price moves the touch with it.
    const current = this.base + this.best;
    const touch = this.descending ? Math.max(current, steps) : Math.min(current, steps);
    const start = this.descending ? touch - MAX_SPAN + MIN_SPAN : touch - MIN_SPAN;
    if (steps < start || steps >= start + MAX_SPAN) return false;
    this.layout(start, MAX_SPAN);
    return true;
  }

  private layout(base: number, size: number): void {
    const next = new Array<string>(size).fill('');
    const old = this.slots;
    let count = 0;
    let best = -1;
    for (let i = 0; i < old.length; i++) {
      const qty = old[i]!;
      if (qty === '') continue;
      const index = this.base + i - base;
      if (index < 0 || index >= size) continue;
      next[index] = qty;
      count++;
      if (best < 0 || (this.descending ? index > best : index < best)) best = index;
    }
    this.slots = next;
    this.base = base;
    this.count = count;
    this.best = best;
  }
}
