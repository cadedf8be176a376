import type { LevelChanges } from '../domain/market-data/contract';
import { isZeroQty, type BookSide } from './book-side';
import { ensure } from '../domain/assert';

/** Beyond this many quantity changes between flushes, reading the top levels again is cheaper. */
const MAX_PENDING = 32;

/**
 * What the UI holds for one side of a book (the shown levels, best first), plus scratch lists of
 * the same shape that a flush fills and swaps in, so an unchanged side allocates nothing.
 *
 * It also sorts the changes since the last post as they are applied: one beyond the shown
 * levels is ignored; a new quantity for a shown level is only remembered (`pending`), so the
 * flush patches those quantities in place; anything else (a level appears or goes) makes the
 * side `dirty`, and the flush reads the top levels again.
 */
export class Posted {
  prices: number[] = [];
  qtys: string[] = [];
  names: string[] = [];
  count = 0;
  nextPrices: number[] = [];
  nextQtys: string[] = [];
  nextNames: string[] = [];
  dirty = false;
  /** Prices of shown levels whose quantity was set since the last post. */
  readonly pending: number[] = [];
  /** Depth of the last post; a level beyond the posted ones shows only if they were fewer. */
  depth = 0;

  /** Called before `side.set(steps, qty)`. */
  note(side: BookSide, steps: number, qty: string): void {
    if (this.dirty) return;
    const count = this.count;
    if (count >= this.depth && count > 0) {
      // A full window: levels deeper than the worst shown one don't show.
      const worst = ensure(this.prices[count - 1], 'a posted price below the count');
      if (side.descending ? steps < worst : steps > worst) return;
    }
    const held = side.qtyAt(steps) !== undefined;
    if (isZeroQty(qty)) {
      if (held) this.dirty = true;
    } else if (held && this.pending.length < MAX_PENDING) this.pending.push(steps);
    else this.dirty = true;
  }

  /**
   * For a side that is not dirty: the quantities that changed, patched into the posted lists
   * (null when none did); undefined when a pending price isn't among the posted levels after
   * all, and the side must be read again.
   */
  takeQtyChanges(side: BookSide): LevelChanges | null | undefined {
    const pending = this.pending;
    if (pending.length === 0) return null;
    for (const steps of pending)
      if (this.indexOf(steps) < 0 || side.qtyAt(steps) === undefined) return undefined;
    let changes: LevelChanges | null = null;
    for (const steps of pending) {
      const index = this.indexOf(steps);
      const qty = ensure(side.qtyAt(steps), 'a pending price is held (checked above)');
      if (qty === this.qtys[index]) continue;
      this.qtys[index] = qty;
      (changes ??= []).push(ensure(this.names[index], 'a name for each posted level'), qty);
    }
    pending.length = 0;
    return changes;
  }

  private indexOf(steps: number): number {
    const prices = this.prices;
    for (let i = 0; i < this.count; i++) if (prices[i] === steps) return i;
    return -1;
  }

  /** Nothing is shown any more (the page's copy is reset): the next read posts every level. */
  forget(): void {
    this.count = 0;
    this.dirty = true;
    this.pending.length = 0;
  }

  swap(count: number): void {
    const prices = this.prices;
    const qtys = this.qtys;
    const names = this.names;
    this.prices = this.nextPrices;
    this.qtys = this.nextQtys;
    this.names = this.nextNames;
    this.nextPrices = prices;
    this.nextQtys = qtys;
    this.nextNames = names;
    this.count = count;
  }
}
