import type { WireLevel } from '../../../domain/protocol/ws';
import { fromSteps } from '../../../domain/market/ticks';

/**
 * One symbol's order book kept in sync with Binance by its documented rules ("How to manage a
 * local order book correctly", spot): buffer diff events, take a REST snapshot, drop buffered
 * events with u ≤ lastUpdateId, the first applied event must have U ≤ lastUpdateId+1 ≤ u, and
 * each later event's U must be the previous u + 1; anything else is a gap: discard the book and
 * take a new snapshot. Pure state, no I/O: the adapter fetches and publishes.
 *
 * What we republish has OUR seq (+1 per published change). The book a client sees is `pub`;
 * it stays (stale) while a resync is under way, and the resynced book is announced as ONE diff
 * from the old published book to the new one (stale levels '0', new or changed levels set),
 * so a downstream book that followed the diffs ends equal to `levels()`.
 */

/** A level on the instrument's grid: price in integer steps, qty canonical; null removes. */
export type GridLevel = [priceSteps: number, qty: string | null];
export type GridDiff = { first: number; last: number; t: number; bids: GridLevel[]; asks: GridLevel[] };
export type GridSnapshot = { lastUpdateId: number; bids: GridLevel[]; asks: GridLevel[] };
export type BookChange = { seq: number; t: number; bids: WireLevel[]; asks: WireLevel[] };

export type DiffOutcome =
  { kind: 'buffered' } | { kind: 'stale' } | { kind: 'applied'; change: BookChange | null } | { kind: 'gap' };
export type SnapshotOutcome = { kind: 'synced'; change: BookChange | null } | { kind: 'retry' };

const BUFFER_LIMIT = 2_000;
const REMOVE = '0';

type Side = Map<number, string>;

export class LocalBook {
  seq = 0;
  t = 0;
  private bids: Side = new Map();
  private asks: Side = new Map();
  private bestBid: number | null = null;
  private bestAsk: number | null = null;
  private synced = false;
  private awaitingFirst = false;
  private lastId = 0;
  private buffer: GridDiff[] = [];

  constructor(
    private readonly priceScale: number,
    private readonly now: () => number,
  ) {}

  /** Start over (a reconnect or a gap): buffer diffs until the next snapshot. */
  reset(): void {
    this.synced = false;
    this.buffer = [];
  }

  get isSynced(): boolean {
    return this.synced;
  }

  diff(event: GridDiff): DiffOutcome {
    if (!this.synced) {
      this.buffer.push(event);
      if (this.buffer.length > BUFFER_LIMIT) this.buffer.shift();
      return { kind: 'buffered' };
    }
    if (event.last <= this.lastId) return { kind: 'stale' };
    const bridges = this.awaitingFirst ? event.first <= this.lastId + 1 : event.first === this.lastId + 1;
    if (!bridges) {
      this.synced = false;
      this.buffer = [event];
      return { kind: 'gap' };
    }
    this.awaitingFirst = false;
    this.lastId = event.last;
    this.t = event.t;
    const bids = this.apply(this.bids, event.bids, 'bid');
    const asks = this.apply(this.asks, event.asks, 'ask');
    if (bids.length === 0 && asks.length === 0) return { kind: 'applied', change: null };
    this.seq++;
    return { kind: 'applied', change: { seq: this.seq, t: this.t, bids, asks } };
  }

  snapshot(snap: GridSnapshot): SnapshotOutcome {
    const pending = this.buffer.filter((e) => e.last > snap.lastUpdateId);
    // Buffered events that start after the snapshot: it is older than the stream, take another.
    if (pending[0] && pending[0].first > snap.lastUpdateId + 1) {
      this.buffer = pending;
      return { kind: 'retry' };
    }
    const bids: Side = new Map();
    const asks: Side = new Map();
    for (const [p, q] of snap.bids) if (q !== null) bids.set(p, q);
    for (const [p, q] of snap.asks) if (q !== null) asks.set(p, q);
    let lastId = snap.lastUpdateId;
    let t = this.now();
    for (const [index, event] of pending.entries()) {
      if (index > 0 && event.first !== lastId + 1) {
        this.buffer = pending.slice(index);
        return { kind: 'retry' };
      }
      for (const [p, q] of event.bids) setLevel(bids, p, q);
      for (const [p, q] of event.asks) setLevel(asks, p, q);
      lastId = event.last;
      t = event.t;
    }
    const bidChange = announce(this.bids, bids, this.priceScale);
    const askChange = announce(this.asks, asks, this.priceScale);
    this.bids = bids;
    this.asks = asks;
    this.bestBid = bestOf(bids, 'bid');
    this.bestAsk = bestOf(asks, 'ask');
    this.buffer = [];
    this.synced = true;
    this.awaitingFirst = pending.length === 0;
    this.lastId = lastId;
    this.t = t;
    if (bidChange.length === 0 && askChange.length === 0) return { kind: 'synced', change: null };
    this.seq++;
    return { kind: 'synced', change: { seq: this.seq, t, bids: bidChange, asks: askChange } };
  }

  /** Best `depth` levels a side, best first. */
  levels(depth: number): { bids: WireLevel[]; asks: WireLevel[] } {
    return {
      bids: sorted(this.bids, 'bid', depth, this.priceScale),
      asks: sorted(this.asks, 'ask', depth, this.priceScale),
    };
  }

  /** Best bid and ask in price steps, when both sides have a level. */
  top(): { bid: number; ask: number } | null {
    return this.bestBid === null || this.bestAsk === null ? null : { bid: this.bestBid, ask: this.bestAsk };
  }

  private apply(side: Side, changes: GridLevel[], kind: 'bid' | 'ask'): WireLevel[] {
    const out: WireLevel[] = [];
    let best = kind === 'bid' ? this.bestBid : this.bestAsk;
    let lostBest = false;
    for (const [p, q] of changes) {
      const had = side.get(p);
      if (q === null) {
        // Removing a level we never had is normal on Binance; it changes nothing downstream.
        if (had === undefined) continue;
        side.delete(p);
        if (p === best) lostBest = true;
        out.push([fromSteps(p, this.priceScale), REMOVE]);
        continue;
      }
      if (had === q) continue;
      side.set(p, q);
      if (best === null || (kind === 'bid' ? p > best : p < best)) {
        best = p;
        lostBest = false;
      }
      out.push([fromSteps(p, this.priceScale), q]);
    }
    if (lostBest) best = bestOf(side, kind);
    if (kind === 'bid') this.bestBid = best;
    else this.bestAsk = best;
    return out;
  }
}

function setLevel(side: Side, price: number, qty: string | null): void {
  if (qty === null) side.delete(price);
  else side.set(price, qty);
}

function bestOf(side: Side, kind: 'bid' | 'ask'): number | null {
  let out: number | null = null;
  for (const p of side.keys()) if (out === null || (kind === 'bid' ? p > out : p < out)) out = p;
  return out;
}

/** The one diff that turns `before` into `after`. */
function announce(before: Side, after: Side, scale: number): WireLevel[] {
  const out: WireLevel[] = [];
  for (const p of before.keys()) if (!after.has(p)) out.push([fromSteps(p, scale), REMOVE]);
  for (const [p, q] of after) if (before.get(p) !== q) out.push([fromSteps(p, scale), q]);
  return out;
}

function sorted(side: Side, kind: 'bid' | 'ask', depth: number, scale: number): WireLevel[] {
  const prices = [...side.keys()].sort(kind === 'bid' ? (a, b) => b - a : (a, b) => a - b);
  return prices.slice(0, Math.max(0, depth)).map((p) => [fromSteps(p, scale), side.get(p) ?? REMOVE]);
}
