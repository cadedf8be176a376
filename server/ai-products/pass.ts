import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiOrders, aiRebalances } from '../db/schema/ai-products';
import type { MarketSource } from '../market/source';
import { announceBalances } from '../primary/ipo/notify';
import { loadSpotSettings } from '../trading/spot/settings';
import { tellRebalanced } from './notify';
import { orderBalances } from './postings';
import { markClosedBar, productTotals } from './marks';
import { tradeToBasket, valueOf } from './rebalance';
import { lockTradeAccounts } from './trade';
import { aiSettings, basketNow, type AiProductTerms } from './terms';
import { DAY_MS } from '../../domain/time';

/** How often the rebalancing clock looks (an owned job, server/jobs.ts). */
export const AI_PASS_MS = 60_000;

/**
 * Rebalances every open order whose product's period has passed since its last rebalance (or its
 * buy), while BIST is open (trades happen only in session): the product's basket is picked once
 * from bars closed before `now`, each due order is brought to it in its own transaction (locked
 * and seen still open and due, so a redemption or another pass racing it wins or loses whole),
 * and the product's mark (its orders' value and money in and out) is recorded for the drawdown,
 * as it is at every daily bar's close (marks.ts).
 * Answers how many orders were rebalanced.
 */
export async function runAiPass(db: Db, market: MarketSource, now: number): Promise<number> {
  const settings = await aiSettings(db);
  // Bars close while BIST is shut too (a daily bar closes after the session): marked first, so
  // a rebalance's own mark comes after the mark of the bar before it.
  for (const product of settings.products) await markClosedBar(db, market, product, now);
  if (!market.status('BIST').open) return 0;
  let done = 0;
  for (const product of settings.products) done += await rebalanceProduct(db, market, product, now);
  return done;
}

async function rebalanceProduct(
  db: Db,
  market: MarketSource,
  product: AiProductTerms,
  now: number,
): Promise<number> {
  const cutoff = now - product.rebalanceDays * DAY_MS;
  const due = await db
    .select({ id: aiOrders.id })
    .from(aiOrders)
    .where(
      and(
        eq(aiOrders.productId, product.id),
        eq(aiOrders.status, 'open'),
        sql`coalesce(${aiOrders.lastRebalanceAt}, ${aiOrders.openedAt}) <= ${cutoff}`,
      ),
    )
    .orderBy(asc(aiOrders.id));
  if (due.length === 0) return 0;
  const basket = basketNow(market, product, now);
  // No stock has the history the rule needs: hold what there is rather than sell into nothing.
  if (basket.length === 0) return 0;
  const costs = (await loadSpotSettings(db)).stockCosts;
  const owners = new Set<bigint>();
  let done = 0;
  for (const { id } of due) {
    const userId = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(aiOrders).where(eq(aiOrders.id, id)).for('update');
      // Still open and still due once locked: a pass racing this one (a cluster's old owner
      // finishing its round) may have rebalanced it for this period meanwhile.
      if (!row || row.status !== 'open' || (row.lastRebalanceAt ?? row.openedAt) > cutoff) return null;
      const held = (await orderBalances(tx, [id])).get(id)?.shares.keys() ?? [];
      await lockTradeAccounts(tx, [...held, ...basket.map((line) => line.symbol)]);
      await tradeToBasket(tx, market, costs, { id, productId: product.id }, basket, 'rebalance', now);
      await tx
        .update(aiOrders)
        .set({ rebalances: sql`${aiOrders.rebalances} + 1`, lastRebalanceAt: now })
        .where(eq(aiOrders.id, id));
      return row.userId;
    });
    if (userId === null) continue;
    const held = (await orderBalances(db, [id])).get(id);
    const value = held
      ? valueOf(market, held.cash, held.shares).toDecimalPlaces(2, Decimal.ROUND_DOWN)
      : null;
    await tellRebalanced(db, { userId, orderId: id, value: value?.toFixed(2) ?? '0' }, now);
    owners.add(userId);
    done++;
  }
  if (done > 0) await markProduct(db, market, product.id, now);
  for (const userId of owners) await announceBalances(db, userId, 'real', now);
  return done;
}

/** The product's mark: open orders' value now, and every order's money in and out so far. */
async function markProduct(db: Db, market: MarketSource, productId: string, now: number): Promise<void> {
  const totals = await productTotals(db, market, productId);
  await db.insert(aiRebalances).values({
    productId,
    t: now,
    orders: totals.open,
    value: totals.value.toFixed(),
    paidIn: totals.paidIn.toFixed(),
    paidOut: totals.paidOut.toFixed(),
  });
}
