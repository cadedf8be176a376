import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { aiOrders } from '../db/schema/ai-products';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { confirmTradePassword } from '../primary/confirm';
import { announceBalances } from '../primary/ipo/notify';
import { loadSpotSettings } from '../trading/spot/settings';
import { orderBalances, postCapital } from './postings';
import { tradeToBasket } from './rebalance';
import { amountField, basketNow, checkOpen, productOf } from './terms';
import { canSell, executeTrade, lockTradeAccounts } from './trade';
import { ownedBy } from '../db/owned';

export type AiOrderRow = typeof aiOrders.$inferSelect;

/**
 * Buying, adding to and redeeming AI product orders. Every check comes before anything
 * moves: demo accounts are refused (a demo reset would orphan the order's own accounts), then
 * the trade password (DECISIONS §3), then the request; the capital posting comes first in the
 * transaction, so a short balance (INSUFFICIENT_BALANCE) refuses before any share is bought.
 */
async function gate(db: Db, session: Session, tradePassword: string): Promise<void> {
  if (session.accountType !== 'real') throw new ApiError('AI_DEMO_NOT_ALLOWED');
  await confirmTradePassword(db, session, tradePassword);
}

const costsOf = async (db: Db) => (await loadSpotSettings(db)).stockCosts;

export async function buyAiOrder(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { id: string; amount: string; tradePassword: string },
  now: number,
): Promise<bigint> {
  await gate(db, session, input.tradePassword);
  const product = await productOf(db, input.id);
  const amount = amountField(input.amount);
  if (amount.lt(product.minAmount)) throw new ApiError('AI_BELOW_MINIMUM', { min: product.minAmount });
  checkOpen(market);
  const basket = basketNow(market, product, now);
  if (basket.length === 0) throw new ApiError('AI_NO_BASKET');
  const costs = await costsOf(db);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aiOrders)
      .values({
        userId: session.userId,
        accountType: 'real',
        productId: product.id,
        paidIn: amount.toFixed(),
        openedAt: now,
        lastRebalanceAt: now,
      })
      .returning({ id: aiOrders.id });
    if (!row) throw new Error('AI order insert returned nothing');
    await lockTradeAccounts(
      tx,
      basket.map((line) => line.symbol),
    );
    await postCapital(tx, { userId: session.userId, orderId: row.id }, 'buy', amount);
    await tradeToBasket(tx, market, costs, { id: row.id, productId: product.id }, basket, 'buy', now);
    return row.id;
  });
  await announceBalances(db, session.userId, 'real', now);
  return id;
}

/** The caller's own order (AI_ORDER_NOT_FOUND otherwise: another user's order is not theirs to see). */
export async function ownOrder(db: Db, session: Session, id: bigint, lock = false): Promise<AiOrderRow> {
  const query = db
    .select()
    .from(aiOrders)
    .where(and(eq(aiOrders.id, id), ownedBy(aiOrders, session)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('AI_ORDER_NOT_FOUND');
  return row;
}

const openOrder = async (db: Db, session: Session, id: bigint, lock = false) => {
  const row = await ownOrder(db, session, id, lock);
  if (row.status !== 'open') throw new ApiError('AI_ORDER_NOT_OPEN');
  return row;
};

/** More capital into an open order, bought into the product's basket now (buys only). */
export async function addToAiOrder(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { id: bigint; amount: string; tradePassword: string },
  now: number,
): Promise<bigint> {
  await gate(db, session, input.tradePassword);
  const before = await openOrder(db, session, input.id);
  const product = await productOf(db, before.productId);
  const amount = amountField(input.amount);
  if (amount.lt(product.minAmount)) throw new ApiError('AI_BELOW_MINIMUM', { min: product.minAmount });
  checkOpen(market);
  const basket = basketNow(market, product, now);
  const costs = await costsOf(db);
  await db.transaction(async (tx) => {
    const row = await openOrder(tx, session, input.id, true);
    await lockTradeAccounts(
      tx,
      basket.map((line) => line.symbol),
    );
    await postCapital(tx, { userId: session.userId, orderId: row.id }, 'add', amount);
    await tx
      .update(aiOrders)
      .set({ paidIn: sql`${aiOrders.paidIn} + ${amount.toFixed()}` })
      .where(eq(aiOrders.id, row.id));
    await tradeToBasket(
      tx,
      market,
      costs,
      { id: row.id, productId: row.productId },
      basket,
      'add',
      now,
      true,
    );
  });
  await announceBalances(db, session.userId, 'real', now);
  return input.id;
}

/**
 * Closes an order at its value now: every share sold at the bids (within the guard, with the stock
 * costs of a sale), then the whole cash back to the stock account. Refused before selling anything
 * when the book cannot take a holding (AI_NO_LIQUIDITY), so an order is never half-redeemed.
 */
export async function redeemAiOrder(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { orderId: bigint; tradePassword: string },
  now: number,
): Promise<bigint> {
  await gate(db, session, input.tradePassword);
  await openOrder(db, session, input.orderId);
  checkOpen(market);
  const costs = await costsOf(db);
  await db.transaction(async (tx) => {
    const row = await openOrder(tx, session, input.orderId, true);
    const held = (await orderBalances(tx, [row.id])).get(row.id);
    const shares = [...(held?.shares ?? new Map<string, string>())].sort(([a], [b]) => (a < b ? -1 : 1));
    const sellable = () => {
      for (const [symbol, qty] of shares)
        if (!canSell(market, symbol, qty)) throw new ApiError('AI_NO_LIQUIDITY');
    };
    sellable();
    await lockTradeAccounts(
      tx,
      shares.map(([symbol]) => symbol),
    );
    // Again after the wait for the locks: the book may have moved meanwhile.
    sellable();
    let cash = new Decimal(held?.cash ?? '0');
    const ref = { id: row.id, productId: row.productId };
    for (const [symbol, qty] of shares)
      cash = cash.plus(
        await executeTrade(
          tx,
          market,
          costs,
          ref,
          { symbol, side: 'sell', qty: Number(qty) },
          cash,
          'redeem',
          now,
        ),
      );
    // A book that thinned between two sales leaves shares unsold: refuse the whole redemption
    // (the transaction takes back what was booked) rather than close an order that still holds them.
    const left = (await orderBalances(tx, [row.id])).get(row.id)?.shares;
    if (left && left.size > 0) throw new ApiError('AI_NO_LIQUIDITY');
    if (cash.gt(0)) await postCapital(tx, { userId: session.userId, orderId: row.id }, 'redeem', cash);
    await tx
      .update(aiOrders)
      .set({ status: 'redeemed', paidOut: cash.toFixed(), closedAt: now })
      .where(eq(aiOrders.id, row.id));
  });
  await announceBalances(db, session.userId, 'real', now);
  return input.orderId;
}
