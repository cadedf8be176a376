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

  add(entry: RestingEntry): void {
    let orders = this.bySymbol.get(entry.symbol);
    if (!orders) this.bySymbol.set(entry.symbol, (orders = new Map()));
    orders.set(entry.id, entry);
  }

  remove(symbol: string, id: bigint): void {
    const orders = this.bySymbol.get(symbol);
    orders?.delete(id);
    if (orders?.size === 0) this.bySymbol.delete(symbol);
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
    let maxBuy: Decimal | null = null;
    let minSell: Decimal | null = null;
    for (const e of this.bySymbol.get(symbol)?.values() ?? []) {
      if (e.side === 'buy' && (!maxBuy || e.price.gt(maxBuy))) maxBuy = e.price;
      if (e.side === 'sell' && (!minSell || e.price.lt(minSell))) minSell = e.price;
    }
    return { maxBuy, minSell };
  }

  clear(): void {
    this.bySymbol.clear();
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
