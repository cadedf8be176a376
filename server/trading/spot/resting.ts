import Decimal from 'decimal.js';
import type { OrderRow } from './rows';

/** What the engine remembers of a resting limit order: enough to know when it became marketable. */
export type RestingEntry = {
  id: bigint;
  userId: bigint;
  accountType: 'real' | 'demo';
  symbol: string;
  side: 'buy' | 'sell';
  price: Decimal;
  /** Day orders: when they expire (ms); null for good-till-cancelled. */
  expiresAt: number | null;
};

/**
 * The in-memory index of resting limit orders, by symbol. It only says where to look: the
 * matching job re-reads the orders from the database inside the writer, so a stale entry can
 * cost a query but never a wrong fill.
 */
export class RestingIndex {
  private readonly bySymbol = new Map<string, Map<bigint, RestingEntry>>();
  /**
   * Each symbol's extremes, asked on every market event: kept up to date on add, forgotten
   * (recomputed on the next ask) only when an order at an extreme leaves. Scanning thousands
   * of resting orders on every tick would cost more than the orders themselves.
   */
  private readonly extremesOf = new Map<string, { maxBuy: Decimal | null; minSell: Decimal | null }>();

  add(entry: RestingEntry): void {
    let orders = this.bySymbol.get(entry.symbol);
    if (!orders) this.bySymbol.set(entry.symbol, (orders = new Map()));
    const before = orders.get(entry.id);
    orders.set(entry.id, entry);
    const known = this.extremesOf.get(entry.symbol);
    if (!known || before) {
      this.extremesOf.delete(entry.symbol);
      return;
    }
    if (entry.side === 'buy' && (!known.maxBuy || entry.price.gt(known.maxBuy))) known.maxBuy = entry.price;
    if (entry.side === 'sell' && (!known.minSell || entry.price.lt(known.minSell)))
      known.minSell = entry.price;
  }

  remove(symbol: string, id: bigint): void {
    const orders = this.bySymbol.get(symbol);
    const entry = orders?.get(id);
    if (!orders || !entry) return;
    orders.delete(id);
    if (orders.size === 0) this.bySymbol.delete(symbol);
    const known = this.extremesOf.get(symbol);
    if (known && (entry.side === 'buy' ? known.maxBuy?.eq(entry.price) : known.minSell?.eq(entry.price)))
      this.extremesOf.delete(symbol);
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  entries(symbol: string): RestingEntry[] {
    return [...(this.bySymbol.get(symbol)?.values() ?? [])];
  }

  all(): RestingEntry[] {
    return [...this.bySymbol.values()].flatMap((orders) => [...orders.values()]);
  }

  /** The highest resting buy and the lowest resting sell of a symbol. */
  extremes(symbol: string): { maxBuy: Decimal | null; minSell: Decimal | null } {
    const known = this.extremesOf.get(symbol);
    if (known) return { ...known };
    let maxBuy: Decimal | null = null;
    let minSell: Decimal | null = null;
    for (const e of this.bySymbol.get(symbol)?.values() ?? []) {
      if (e.side === 'buy' && (!maxBuy || e.price.gt(maxBuy))) maxBuy = e.price;
      if (e.side === 'sell' && (!minSell || e.price.lt(minSell))) minSell = e.price;
    }
    this.extremesOf.set(symbol, { maxBuy, minSell });
    return { maxBuy, minSell };
  }

  clear(): void {
    this.bySymbol.clear();
    this.extremesOf.clear();
  }
}

export function entryOf(row: OrderRow, expiresAt: number | null): RestingEntry {
  return {
    id: row.id,
    userId: row.userId,
    accountType: row.accountType,
    symbol: row.symbol,
    side: row.side,
    price: new Decimal(row.price ?? '0'),
    expiresAt,
  };
}
