import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiMarks, aiOrders } from '../db/schema/ai-products';
import type { MarketSource } from '../market/source';
import { orderBalances } from './postings';
import { valueOf, type Pricer } from './rebalance';
import { DAY_BAR_MS, type AiProductTerms } from './terms';

/**
 * Marks a product at the last daily bar of its index that has closed, once: its orders' book as
 * it stands now, every share valued at that bar's close (the last price when a stock has no bar
 * then), with money in and out so far. An order's book moves only by its own trades, so between
 * trades this is the book the bar closed on. Bars missed while the broker was down are not marked
 * afterwards with a book they may not have had. Answers whether a mark was recorded.
 */
export async function markClosedBar(
  db: Db,
  market: MarketSource,
  product: AiProductTerms,
  now: number,
): Promise<boolean> {
  const bar = market
    .candles(product.universe, '1d', 3)
    .filter((b) => b.t + DAY_BAR_MS <= now)
    .at(-1);
  if (!bar) return false;
  const t = bar.t + DAY_BAR_MS;
  const [seen] = await db
    .select({ id: aiMarks.id })
    .from(aiMarks)
    .where(and(eq(aiMarks.productId, product.id), eq(aiMarks.t, t)));
  if (seen) return false;
  const closeOf = (symbol: string) =>
    market.candles(symbol, '1d', 3).find((b) => b.t === bar.t)?.c ?? market.ticker(symbol)?.last ?? null;
  const totals = await productTotals(db, market, product.id, closeOf);
  // Nothing paid in yet: there is no book to mark.
  if (!totals.paidIn.gt(0)) return false;
  const done = await db
    .insert(aiMarks)
    .values({
      productId: product.id,
      t,
      value: totals.value.toFixed(),
      paidIn: totals.paidIn.toFixed(),
      paidOut: totals.paidOut.toFixed(),
    })
    .onConflictDoNothing()
    .returning({ id: aiMarks.id });
  return done.length > 0;
}

/** A product's orders: open orders' value (at the last prices, or `price`'s) and money in and out. */
export async function productTotals(db: Db, market: MarketSource, productId: string, price?: Pricer) {
  const rows = await db
    .select({
      id: aiOrders.id,
      status: aiOrders.status,
      paidIn: aiOrders.paidIn,
      paidOut: aiOrders.paidOut,
      openedAt: aiOrders.openedAt,
    })
    .from(aiOrders)
    .where(eq(aiOrders.productId, productId));
  const open = rows.filter((r) => r.status === 'open').map((r) => r.id);
  const balances = await orderBalances(db, open);
  let value = new Decimal(0);
  for (const b of balances.values()) value = value.plus(valueOf(market, b.cash, b.shares, price));
  return {
    open: open.length,
    orders: rows.length,
    since: rows.reduce<number | null>((m, r) => (m === null || r.openedAt < m ? r.openedAt : m), null),
    value,
    paidIn: rows.reduce((s, r) => s.plus(r.paidIn), new Decimal(0)),
    paidOut: rows.reduce((s, r) => s.plus(r.paidOut), new Decimal(0)),
  };
}
