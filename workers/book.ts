import { fromSteps, toSteps } from '../domain/market/ticks';
import type { BookPatch } from '../domain/market-data/contract';
import type { WireLevel } from '../domain/protocol/ws';
import { BookSide } from './book-side';

/** Levels a screen shows per side. */
export const BOOK_DEPTH = 20;

/** `bad`: a price off the instrument's grid (malformed); `crossed`: best bid ≥ best ask. */
export type ApplyResult = 'ok' | 'bad' | 'crossed';

/** What the UI holds for one side: the shown levels, best first. */
type Posted = { prices: number[]; qtys: string[] };

/**
 * A symbol's book: two price ladders plus what was last posted to the UI, so a flush sends
 * only the visible levels that changed. A book that failed a message (gap, bad price, crossed)
 * is `resyncing` and posts nothing but that state until a fresh snapshot lands.
 */
export class Book {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  readonly scale: number;
  state: 'live' | 'resyncing' = 'resyncing';
  private readonly posted: { bids: Posted; asks: Posted } = {
    bids: { prices: [], qtys: [] },
    asks: { prices: [], qtys: [] },
  };
  // Nothing is posted before the first snapshot, so a new book doesn't flash "resyncing".
  private postedState: 'live' | 'resyncing' = 'resyncing';
  private everPosted = false;
  private dirty = false;

  /** Canonical price strings of levels seen lately: a flush names the same levels again and again. */
  private names = new Map<number, string>();

  constructor(scale: number) {
    this.scale = scale;
  }

  private name(steps: number): string {
    let name = this.names.get(steps);
    if (name === undefined) {
      if (this.names.size >= 4_096) this.names = new Map();
      name = fromSteps(steps, this.scale);
      this.names.set(steps, name);
    }
    return name;
  }

  loadSnapshot(bids: readonly WireLevel[], asks: readonly WireLevel[]): ApplyResult {
    this.bids.clear();
    this.asks.clear();
    return this.applyDiff(bids, asks);
  }

  applyDiff(bids: readonly WireLevel[], asks: readonly WireLevel[]): ApplyResult {
    if (!apply(this.bids, bids, this.scale) || !apply(this.asks, asks, this.scale)) return this.fail('bad');
    const bid = this.bids.bestPrice();
    const ask = this.asks.bestPrice();
    if (bid >= ask) return this.fail('crossed');
    this.state = 'live';
    this.dirty = true;
    return 'ok';
  }

  /** The stream lost its place: keep showing the last good book, marked stale. */
  markResyncing(): void {
    this.state = 'resyncing';
  }

  private fail(result: ApplyResult): ApplyResult {
    this.state = 'resyncing';
    return result;
  }

  /** What changed on screen since the last call, or null. */
  patch(depth = BOOK_DEPTH): BookPatch | null {
    const patch: BookPatch = {};
    let changed = false;
    if (this.state !== this.postedState) {
      patch.state = this.state;
      changed = true;
    }
    if (this.state === 'live' && this.dirty) {
      this.dirty = false;
      const first = !this.everPosted;
      this.everPosted = true;
      if (first) patch.reset = true;
      if (this.side(this.bids, this.posted.bids, depth, patch, 'bids', first)) changed = true;
      if (this.side(this.asks, this.posted.asks, depth, patch, 'asks', first)) changed = true;
    }
    if (patch.state) this.postedState = this.state;
    return changed ? patch : null;
  }

  private side(
    side: BookSide,
    posted: Posted,
    depth: number,
    patch: BookPatch,
    name: 'bids' | 'asks',
    first: boolean,
  ): boolean {
    const prices: number[] = [];
    const qtys: string[] = [];
    const found = side.top(depth, prices, qtys);
    const old = posted.prices;
    const oldQtys = posted.qtys;
    const sign = side.descending ? -1 : 1;
    let qtyChanges: Record<string, string | null> | undefined;
    let orderChanged = first || found !== old.length;
    // Both lists are best first: walk them together to find new, changed and vanished levels.
    let j = 0;
    for (let i = 0; i < found; i++) {
      const price = prices[i]!;
      if (old[i] !== price) orderChanged = true;
      while (j < old.length && (old[j]! - price) * sign < 0) {
        (qtyChanges ??= {})[this.name(old[j]!)] = null;
        j++;
      }
      if (j < old.length && old[j] === price) {
        if (oldQtys[j] !== qtys[i]) (qtyChanges ??= {})[this.name(price)] = qtys[i]!;
        j++;
      } else (qtyChanges ??= {})[this.name(price)] = qtys[i]!;
    }
    for (; j < old.length; j++) (qtyChanges ??= {})[this.name(old[j]!)] = null;
    posted.prices = prices;
    posted.qtys = qtys;
    if (qtyChanges) patch[name === 'bids' ? 'bidQty' : 'askQty'] = qtyChanges;
    if (orderChanged) patch[name] = prices.map((price) => this.name(price));
    return orderChanged || qtyChanges !== undefined;
  }
}

function apply(side: BookSide, levels: readonly WireLevel[], scale: number): boolean {
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    const steps = toSteps(level[0], scale);
    if (!(steps > 0)) return false;
    side.set(steps, level[1]);
  }
  return true;
}
