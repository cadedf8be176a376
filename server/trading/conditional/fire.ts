import { eq } from 'drizzle-orm';
import type { Trade } from '../../../domain/protocol/market';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { ApiError } from '../../http/errors';
import type { MarketSource } from '../../market/source';
import type { SpotEngine } from '../spot/engine';
import type { JobContext } from '../writer';
import { endLegs, pendingLegs, releaseHold } from './holds';

/** What a firing did: the rows as they ended, and whether the placed order was refused. */
export type Fired = { rows: ConditionalRow[]; refused: string | null } | null;

/**
 * Fires one leg on `trade`, in one transaction: its group's hold back, the order placed through
 * the spot path (same rules, ledger and matching), the leg fired with the trade and the order's
 * id, the pair's other leg cancelled. A leg no longer pending (fired, cancelled, expired, or
 * fired already by an owner before a takeover) is left alone: answers null. An order the rules
 * refuse now leaves the leg refused with its key, its hold still released.
 */
export async function fireLeg(
  jc: JobContext,
  market: MarketSource,
  spot: SpotEngine,
  id: bigint,
  trade: Pick<Trade, 'id' | 't' | 'price'>,
  now: number,
): Promise<Fired> {
  const [target] = await jc.tx.select().from(conditionalOrders).where(eq(conditionalOrders.id, id));
  if (!target || target.state !== 'pending') return null;
  const legs = await pendingLegs(jc, target.groupId ?? target.id);
  const leg = legs.find((l) => l.id === id);
  if (!leg) return null;
  const instrument = market.instrument(leg.symbol);
  await releaseHold(jc, legs, instrument);

  let placedOrderId: bigint | null = null;
  let refused: string | null = null;
  let params: Record<string, string | number> | null = null;
  const mark = jc.batch.mark();
  try {
    const placed = await spot.placeWithin(jc, leg, {
      wallet: leg.wallet,
      symbol: leg.symbol,
      side: leg.side,
      type: leg.limitPrice === null ? 'market' : 'limit',
      quantity: leg.quantity,
      price: leg.limitPrice ?? undefined,
      // A stop placed for a stock should wait as long as the user's order would have: the session.
      timeInForce: 'day',
      clientOrderId: `cond-${leg.id}`,
    });
    placedOrderId = placed.order.id;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    jc.batch.rollback(mark);
    refused = error.key;
    // Its figures (the day's band, what the balance lacked), for the reason's text on every screen.
    params = Object.keys(error.params).length > 0 ? { ...error.params } : null;
  }
  const [fired] = await jc.tx
    .update(conditionalOrders)
    .set({
      state: refused === null ? 'fired' : 'refused',
      reason: refused,
      reasonParams: params,
      firedPrice: trade.price,
      firedAt: trade.t,
      firedTradeId: trade.id,
      placedOrderId,
      frozen: '0',
      updatedAt: now,
    })
    .where(eq(conditionalOrders.id, leg.id))
    .returning();
  const others = await endLegs(
    jc,
    legs.filter((l) => l.id !== leg.id),
    'cancelled',
    () => 'oco',
    now,
  );
  return { rows: [fired!, ...others], refused };
}
