import { fromSteps } from '../domain/market/ticks';
import type { BookPatch, LevelChanges } from '../domain/market-data/contract';
import type { LevelList } from '../domain/protocol/stream-codec-frame';
import { BookSide } from './book-side';
import { Posted } from './book-posted';
import { GroupedLevels } from './book-group';
import { ensure } from '../domain/assert';

/** Levels a screen shows per side. */
export const BOOK_DEPTH = 20;

/** `bad`: a price off the instrument's grid (malformed); `crossed`: best bid ≥ best ask. */
export type ApplyResult = 'ok' | 'bad' | 'crossed';

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
  private readonly postedBids = new Posted();
  private readonly postedAsks = new Posted();
  // Nothing is posted before the first snapshot, so a new book doesn't flash "resyncing".
  private postedState: 'live' | 'resyncing' = 'resyncing';
  private everPosted = false;
  private dirty = false;
  /** The screen's view (setView): levels added up by `group` steps, a post at most every `paceMs`. */
  private group = 1;
  private paceMs = 0;
  /** The earliest time of the next post of levels (0: now). */
  private nextPost = 0;
  private grouped: { bids: GroupedLevels; asks: GroupedLevels } | null = null;

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

  /**
   * A frame's levels, read as steps by the stream codec (either path) or from a polled book
   * (readLevels): a snapshot replaces the book, a diff sets each level (quantity 0 removes it).
   */
  apply(snapshot: boolean, levels: LevelList): ApplyResult {
    if (snapshot) this.clear();
    const { prices, qtys, bids, count } = levels;
    for (let i = 0; i < count; i++) {
      const price = ensure(prices[i], 'a level price below the count');
      const qty = ensure(qtys[i], 'a level quantity below the count');
      if (i < bids) this.setLevel(this.bids, this.postedBids, price, qty);
      else this.setLevel(this.asks, this.postedAsks, price, qty);
    }
    return this.settle();
  }

  private clear(): void {
    this.bids.clear();
    this.asks.clear();
    this.postedBids.dirty = true;
    this.postedAsks.dirty = true;
  }

  private settle(): ApplyResult {
    const bid = this.bids.bestPrice();
    const ask = this.asks.bestPrice();
    if (bid >= ask) return this.fail('crossed');
    this.state = 'live';
    this.dirty = true;
    return 'ok';
  }

  private setLevel(side: BookSide, posted: Posted, steps: number, qty: string): void {
    posted.note(side, steps, qty);
    side.set(steps, qty);
  }

  /**
   * How the screen wants the book: a new grouping posts it afresh (`reset`, every level named
   * anew); a pace holds back posts of levels until `paceMs` after the last one.
   */
  setView(group: number, paceMs: number): void {
    if (group !== this.group) {
      this.group = group;
      this.grouped = group > 1 ? { bids: new GroupedLevels(), asks: new GroupedLevels() } : null;
      // Posted afresh: nothing shown is kept, so every level goes out with its quantity.
      this.everPosted = false;
      this.postedBids.forget();
      this.postedAsks.forget();
      this.dirty = true;
      this.nextPost = 0;
    }
    if (paceMs < this.paceMs) this.nextPost = 0;
    this.paceMs = paceMs;
  }

  /** When a held-back patch falls due (0: none is held). */
  heldUntil(): number {
    return this.state === 'live' && this.dirty && this.paceMs > 0 ? this.nextPost : 0;
  }

  /** The stream lost its place: keep showing the last good book, marked stale. */
  markResyncing(): void {
    this.state = 'resyncing';
  }

  private fail(result: ApplyResult): ApplyResult {
    this.state = 'resyncing';
    return result;
  }

  /** What changed on screen since the last call, or null; `now` paces it (setView). */
  patch(depth = BOOK_DEPTH, now = 0): BookPatch | null {
    let patch: BookPatch | null = null;
    if (this.state !== this.postedState) {
      patch = { state: this.state };
      this.postedState = this.state;
    }
    if (this.state === 'live' && this.dirty && now >= this.nextPost) {
      this.dirty = false;
      this.nextPost = this.paceMs > 0 ? now + this.paceMs : 0;
      const first = !this.everPosted;
      this.everPosted = true;
      if (first) (patch ??= {}).reset = true;
      patch = this.side(this.bids, this.postedBids, depth, patch, true, first);
      patch = this.side(this.asks, this.postedAsks, depth, patch, false, first);
    }
    return patch;
  }

  private side(
    side: BookSide,
    posted: Posted,
    depth: number,
    patch: BookPatch | null,
    isBids: boolean,
    first: boolean,
  ): BookPatch | null {
    const grouped = this.grouped && (isBids ? this.grouped.bids : this.grouped.asks);
    // Grouped buckets are read afresh: a level's change moves its bucket's sum, not a shown quantity.
    if (!grouped && !first && !posted.dirty && posted.depth === depth) {
      const qtyChanges = posted.takeQtyChanges(side);
      if (qtyChanges !== undefined) {
        if (qtyChanges) (patch ??= {})[isBids ? 'bidQty' : 'askQty'] = qtyChanges;
        return patch;
      }
    }
    posted.dirty = false;
    posted.pending.length = 0;
    posted.depth = depth;
    const prices = posted.nextPrices;
    const qtys = posted.nextQtys;
    const names = posted.nextNames;
    // The side's own best levels, read in place and copied as the walk goes (one pass, not two).
    const top = grouped ? grouped.read(side, this.group, depth) : side.view(depth);
    const found = top.count;
    const start = top.start;
    const topPrices = top.prices;
    const topQtys = top.qtys;
    const old = posted.prices;
    const oldQtys = posted.qtys;
    const oldNames = posted.names;
    const oldCount = posted.count;
    const sign = side.descending ? -1 : 1;
    let qtyChanges: LevelChanges | undefined;
    let orderChanged = first || found !== oldCount;
    // Both lists are best first: walk them together to find new, changed and vanished levels.
    // A level already shown keeps its name; only new prices are formatted.
    let j = 0;
    for (let i = 0; i < found; i++) {
      const price = ensure(topPrices[start + i], 'a top price below the count found');
      const qty = ensure(topQtys[start + i], 'a top quantity below the count found');
      prices[i] = price;
      qtys[i] = qty;
      if (!orderChanged && old[i] !== price) orderChanged = true;
      while (j < oldCount && (ensure(old[j], 'a posted price below the count') - price) * sign < 0) {
        (qtyChanges ??= []).push(ensure(oldNames[j], 'a posted name below the count'), null);
        j++;
      }
      if (j < oldCount && old[j] === price) {
        const name = ensure(oldNames[j], 'a posted name below the count');
        names[i] = name;
        if (oldQtys[j] !== qty) (qtyChanges ??= []).push(name, qty);
        j++;
      } else {
        const name = this.name(price);
        names[i] = name;
        (qtyChanges ??= []).push(name, qty);
      }
    }
    for (; j < oldCount; j++)
      (qtyChanges ??= []).push(ensure(oldNames[j], 'a posted name below the count'), null);
    if (!orderChanged && !qtyChanges) return patch;
    posted.swap(found);
    patch ??= {};
    if (qtyChanges) patch[isBids ? 'bidQty' : 'askQty'] = qtyChanges;
    if (orderChanged) patch[isBids ? 'bids' : 'asks'] = names.slice(0, found);
    return patch;
  }
}
