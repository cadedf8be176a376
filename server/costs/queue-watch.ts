import Decimal from 'decimal.js';
import { queueReach, reachedQty, type Print } from '../../domain/costs/queue';
import type { Trade } from '../../domain/protocol/market';
import type { MarketSource } from '../market/source';

/**
 * Resting orders whose queue is followed; past it a new one's fills count as reached (queue
 * unknown). Each print of a symbol is compared once with each price its watched orders rest at,
 * on the market's path, and kept by the orders it concerns: the cap bounds that work.
 */
export const WATCHED_CAP = 10_000;
/** Prints kept by id per order, so its own paper fills can be taken out; older ones are summed. */
const PRINTS_KEPT = 256;
/** Book levels a side read to find the volume ahead at a new resting order's price. */
const AHEAD_DEPTH = 200;

/** A resting order's place: what was ahead at its price when it joined, and the tape since. */
type Watched = {
  symbol: string;
  side: 'buy' | 'sell';
  limit: string;
  /** Its turn in the paper queue when it joined (spot_orders.queue_seq, else its id). */
  turn: bigint;
  ahead: string;
  known: boolean;
  recent: Map<string, Print>;
  olderAtPrice: Decimal;
  olderThrough: boolean;
};

export type Resting = { id: bigint; symbol: string; side: 'buy' | 'sell'; price: string };

/**
 * The volume the book showed on the order's own side at its price: what a real order at that
 * price would queue behind. Known when the price is within the levels read (no level there: 0).
 */
export function aheadOf(market: MarketSource, order: Resting): { ahead: string; known: boolean } {
  const book = market.book(order.symbol, AHEAD_DEPTH);
  const levels = (order.side === 'buy' ? book?.bids : book?.asks) ?? [];
  const price = new Decimal(order.price);
  for (const [p, qty] of levels) if (price.eq(p)) return { ahead: qty, known: true };
  const last = levels[levels.length - 1];
  const within =
    levels.length < AHEAD_DEPTH ||
    (last !== undefined && (order.side === 'buy' ? price.gt(last[0]) : price.lt(last[0])));
  return { ahead: '0', known: within };
}

/**
 * What the other side offers at or through a resting order's price as it fills on paper: the
 * levels the book still shows there and what the order's own fills took from them. On a real venue
 * a seller's ask at or under a resting bid trades with the bids at that price in their turn (and
 * the other way round), so that volume works through the queue like prints at the price.
 */
export function crossingAt(market: MarketSource, order: Resting, ownFilled: Decimal.Value): string {
  const book = market.book(order.symbol, AHEAD_DEPTH);
  const levels = (order.side === 'buy' ? book?.asks : book?.bids) ?? [];
  const price = new Decimal(order.price);
  let sum = new Decimal(ownFilled);
  for (const [p, qty] of levels) {
    const reaches = order.side === 'buy' ? price.gte(p) : price.lte(p);
    if (!reaches) break;
    sum = sum.plus(qty);
  }
  return sum.toFixed();
}

/**
 * Follows the tape at each watched resting order's price (docs/real-costs.md): prints at the price
 * move it up the queue, a print through the price would have filled it whole. Held by the app's
 * realistic recorder, never shared between apps.
 */
/** Watched orders of one symbol at one price on one side: a print is compared once for all of them. */
type Group = { side: 'buy' | 'sell'; limit: Decimal; ids: Set<bigint> };

const groupKey = (side: 'buy' | 'sell', limit: string) => `${side}:${new Decimal(limit).toFixed()}`;

export class QueueWatch {
  private readonly watched = new Map<bigint, Watched>();
  private readonly bySymbol = new Map<string, Map<string, Group>>();

  has(id: bigint): boolean {
    return this.watched.has(id);
  }

  /** The price the order is watched at (a modify that moved it joins the queue anew). */
  priceOf(id: bigint): string | undefined {
    return this.watched.get(id)?.limit;
  }

  /** The paper queue turn the order is watched at (a modify that gave it a later one joins anew). */
  turnOf(id: bigint): bigint | undefined {
    return this.watched.get(id)?.turn;
  }

  watch(order: Resting, ahead: { ahead: string; known: boolean }, turn: bigint = order.id): void {
    if (this.watched.size >= WATCHED_CAP && !this.watched.has(order.id)) return;
    this.forget(order.id);
    this.watched.set(order.id, {
      symbol: order.symbol,
      side: order.side,
      limit: order.price,
      turn,
      ...ahead,
      recent: new Map(),
      olderAtPrice: new Decimal(0),
      olderThrough: false,
    });
    let groups = this.bySymbol.get(order.symbol);
    if (!groups) this.bySymbol.set(order.symbol, (groups = new Map()));
    const key = groupKey(order.side, order.price);
    let group = groups.get(key);
    if (!group)
      groups.set(key, (group = { side: order.side, limit: new Decimal(order.price), ids: new Set() }));
    group.ids.add(order.id);
  }

  forget(id: bigint): void {
    const w = this.watched.get(id);
    if (!w) return;
    this.watched.delete(id);
    const groups = this.bySymbol.get(w.symbol);
    const key = groupKey(w.side, w.limit);
    const group = groups?.get(key);
    group?.ids.delete(id);
    if (group?.ids.size === 0) groups?.delete(key);
    if (groups?.size === 0) this.bySymbol.delete(w.symbol);
  }

  /** The market printed: each watched order of the symbol hears the prints at or through its price. */
  hear(symbol: string, trades: readonly Trade[]): void {
    const groups = this.bySymbol.get(symbol);
    if (!groups) return;
    const prices = trades.map((trade) => new Decimal(trade.price));
    for (const group of groups.values())
      for (const [i, trade] of trades.entries()) {
        const cmp = prices[i]!.comparedTo(group.limit);
        const through = group.side === 'buy' ? cmp < 0 : cmp > 0;
        if (cmp !== 0 && !through) continue;
        for (const id of group.ids) {
          const w = this.watched.get(id)!;
          w.recent.set(trade.id, { price: trade.price, qty: trade.qty });
          if (w.recent.size > PRINTS_KEPT) this.fold(w);
        }
      }
  }

  private fold(w: Watched): void {
    const [oldest, print] = w.recent.entries().next().value as [string, Print];
    w.recent.delete(oldest);
    if (new Decimal(print.price).eq(w.limit)) w.olderAtPrice = w.olderAtPrice.plus(print.qty);
    else w.olderThrough = true;
  }

  /**
   * How much of the order the tape has reached, its own prints (`ownTradeIds`) left out, with
   * `crossing` traded at its price besides (what the other side offered at or through it, see
   * crossingAt): null when all of it (or its place is not known, `known` false).
   */
  reached(
    id: bigint,
    ownTradeIds: readonly string[],
    crossing: string,
  ): { reached: string | null; known: boolean } {
    const w = this.watched.get(id);
    if (!w || !w.known) return { reached: null, known: false };
    for (const own of ownTradeIds) w.recent.delete(own);
    const tape = [...w.recent.values()];
    if (w.olderThrough) return { reached: null, known: true };
    if (w.olderAtPrice.gt(0)) tape.push({ price: w.limit, qty: w.olderAtPrice.toFixed() });
    tape.push({ price: w.limit, qty: crossing });
    return { reached: reachedQty(queueReach(w.side, w.limit, w.ahead, tape)), known: true };
  }
}
