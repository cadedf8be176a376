import { fromSteps } from '../domain/market/ticks';
import type { TradesPatch, TradeView } from '../domain/market-data/contract';
import type { WireTrade } from '../domain/protocol/ws';
import { ensure } from '../domain/assert';

/** Trades kept per symbol; the tape shows fewer. */
export const TRADES_KEPT = 100;

/** The id filter's counters: a power of two well above TRADES_KEPT, so few new ids meet a set one. */
const FILTER_SLOTS = 1024;

/** A 32-bit hash of an id's characters (the filter's and the ring's; equal ids, equal hashes). */
function idHash(id: string): number {
  let hash = id.length;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0;
  return hash;
}

/**
 * A symbol's recent trades in a ring of TRADES_KEPT, oldest first, remembering how many of the
 * newest the UI has not seen yet. A message only checks prices and stores the wire trade;
 * TradeViews (the canonical price string) are built at flush time, once per trade.
 */
export class TradeTape {
  private readonly scale: number;
  private readonly wire: (WireTrade | undefined)[] = new Array<WireTrade | undefined>(TRADES_KEPT);
  private readonly steps: number[] = new Array<number>(TRADES_KEPT).fill(0);
  private readonly views: (TradeView | undefined)[] = new Array<TradeView | undefined>(TRADES_KEPT);
  /** Slot of the oldest trade. */
  private head = 0;
  private count = 0;
  /**
   * Which ids the ring holds, for the check against repeats (polling overlaps), with no map: each
   * slot's id hash (idHash) beside it, and a counting filter of those hashes, so a new id (nearly
   * every one) is cleared by one look at a counter; a counter above zero sends the check through
   * the ring's hashes. Ids pushed out during a call still count as held until it ends, as if the
   * list were trimmed after the call (`outgoing`, a reused list of their slots' former contents).
   */
  private readonly hashes = new Int32Array(TRADES_KEPT);
  private readonly filter = new Int32Array(FILTER_SLOTS);
  private readonly outgoing: { id: string; hash: number }[] = [];
  private outgoingCount = 0;
  /** How many of the newest trades are unseen (≤ count). */
  private fresh = 0;
  private reset = false;

  constructor(scale: number) {
    this.scale = scale;
  }

  /** Replaces the tape (a snapshot); false when a price is off the grid. */
  load(trades: readonly WireTrade[], steps: ArrayLike<number>): boolean {
    this.clear();
    return this.add(trades, steps);
  }

  private clear(): void {
    this.wire.fill(undefined);
    this.views.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.filter.fill(0);
    this.fresh = 0;
    this.reset = true;
  }

  /**
   * Appends trades (oldest first) with their prices in steps (the stream codec's, or tradeSteps'),
   * skipping ids already held (polling overlaps); false at the first new trade off the grid.
   */
  add(trades: readonly WireTrade[], steps: ArrayLike<number>): boolean {
    let ok = true;
    for (let i = 0; i < trades.length; i++) {
      const trade = ensure(trades[i], 'a trade below the length');
      const hash = idHash(trade.id);
      if (this.holds(trade.id, hash)) continue;
      const at = ensure(steps[i], 'a price for each trade');
      if (!(at > 0)) {
        ok = false;
        break;
      }
      this.put(trade, at, hash);
    }
    this.endCall();
    return ok;
  }

  private holds(id: string, hash: number): boolean {
    if (this.filter[hash & (FILTER_SLOTS - 1)] === 0) return false;
    const hashes = this.hashes;
    let slot = this.head;
    for (let k = 0; k < this.count; k++) {
      if (hashes[slot] === hash && ensure(this.wire[slot], 'a held slot has its trade').id === id)
        return true;
      slot = slot + 1 === TRADES_KEPT ? 0 : slot + 1;
    }
    for (let k = 0; k < this.outgoingCount; k++) {
      const out = ensure(this.outgoing[k], 'an outgoing id below the count');
      if (out.hash === hash && out.id === id) return true;
    }
    return false;
  }

  private put(trade: WireTrade, steps: number, hash: number): void {
    let slot: number;
    if (this.count === TRADES_KEPT) {
      slot = this.head;
      this.head = slot + 1 === TRADES_KEPT ? 0 : slot + 1;
      // Held until the call ends: its counter stays up and it joins the outgoing list.
      const at = this.outgoingCount++;
      const out = this.outgoing[at];
      const oldId = ensure(this.wire[slot], 'a full tape holds its oldest slot').id;
      const oldHash = ensure(this.hashes[slot], 'a hash for each held slot');
      if (out) {
        out.id = oldId;
        out.hash = oldHash;
      } else this.outgoing.push({ id: oldId, hash: oldHash });
    } else {
      slot = this.head + this.count;
      if (slot >= TRADES_KEPT) slot -= TRADES_KEPT;
      this.count++;
    }
    this.wire[slot] = trade;
    this.steps[slot] = steps;
    this.views[slot] = undefined;
    this.hashes[slot] = hash;
    const counter = hash & (FILTER_SLOTS - 1);
    this.filter[counter] = ensure(this.filter[counter], 'a filter slot') + 1;
    if (!this.reset && this.fresh < TRADES_KEPT) this.fresh++;
  }

  /** The call is over: the ids it pushed out are no longer held. */
  private endCall(): void {
    for (let k = 0; k < this.outgoingCount; k++) {
      const out = ensure(this.outgoing[k], 'an outgoing id below the count');
      const counter = out.hash & (FILTER_SLOTS - 1);
      this.filter[counter] = ensure(this.filter[counter], 'a filter slot') - 1;
      out.id = ''; // let the string go
    }
    this.outgoingCount = 0;
  }

  /** New trades newest first since the last call, or the whole tape after a reset. */
  patch(): TradesPatch | null {
    if (this.reset) {
      this.reset = false;
      this.fresh = 0;
      return { reset: true, add: this.newest(this.count) };
    }
    if (this.fresh === 0) return null;
    const add = this.newest(this.fresh);
    this.fresh = 0;
    return { add };
  }

  /** The `n` newest trades as views, newest first. */
  private newest(n: number): TradeView[] {
    const out = new Array<TradeView>(n);
    let slot = this.head + this.count - 1;
    if (slot >= TRADES_KEPT) slot -= TRADES_KEPT;
    for (let i = 0; i < n; i++) {
      let view = this.views[slot];
      if (!view) {
        const trade = ensure(this.wire[slot], 'a held slot has its trade');
        view = {
          id: trade.id,
          t: trade.t,
          price: fromSteps(ensure(this.steps[slot], 'a price for each held slot'), this.scale),
          qty: trade.qty,
          side: trade.side,
        };
        this.views[slot] = view;
      }
      out[i] = view;
      slot = slot === 0 ? TRADES_KEPT - 1 : slot - 1;
    }
    return out;
  }
}
