import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { ensure } from '../../../domain/assert';
import { checkCoinSell } from '../../../domain/rules/coin';
import { checkStockSell } from '../../../domain/rules/stock';
import type { Session } from '../../auth/session';
import { ownedBy } from '../../db/owned';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { ApiError } from '../../http/errors';
import type { Trade } from '../../../domain/protocol/market';
import type { StoredLeg } from '../spot/order-request';
import { userAccount } from '../../ledger/account-ref';
import type { Instrument, MarketSource } from '../../market/source';
import { currenciesOf } from '../spot/booking';
import { lockedQty, type Placed } from '../spot/place';
import type { JobContext } from '../writer';
import type { SpotWallet } from '../../../domain/protocol/account';

/*
 * A group's legs and the money they hold: the hold frozen at the add, the legs ended (cancelled,
 * expired) or fired with it given back, all in the writer job that changes them.
 */

/** The currency a conditional order holds: the cash a buy will spend, the asset a sell will deliver. */
export function heldCurrency(
  row: Pick<ConditionalRow, 'wallet' | 'symbol' | 'side'>,
  instrument: Pick<Instrument, 'quote' | 'base'> | undefined,
): string {
  const { cash, asset } = currenciesOf(row, instrument);
  return row.side === 'buy' ? cash : asset;
}

type Holder = Pick<ConditionalRow, 'userId' | 'accountType' | 'wallet' | 'symbol' | 'side'>;

function accounts(row: Holder, instrument: Instrument | undefined) {
  const currency = heldCurrency(row, instrument);
  const user = (bucket: 'available' | 'frozen') =>
    userAccount(row.userId, row.accountType, row.wallet, currency, bucket);
  return { available: user('available'), frozen: user('frozen') };
}

/** Takes a group's hold (available → frozen); INSUFFICIENT_BALANCE when the user lacks it. */
export async function freezeHold(
  jc: JobContext,
  row: Holder,
  groupId: bigint,
  instrument: Instrument,
  amount: string,
): Promise<void> {
  const { available, frozen } = accounts(row, instrument);
  await jc.batch.ledger.post({
    reason: 'conditional_freeze',
    referenceType: 'conditional_order',
    referenceId: String(groupId),
    memo: `${row.side} ${row.symbol}`,
    lines: [
      { account: available, amount: new Decimal(amount).neg().toFixed() },
      { account: frozen, amount },
    ],
  });
}

/**
 * The group's legs still waiting, locked: firing, cancelling and expiring all start here, and
 * only one of them finds the legs pending (the state is the guard: a takeover that fires again
 * finds nothing).
 */
export async function pendingLegs(jc: JobContext, groupId: bigint): Promise<ConditionalRow[]> {
  return jc.tx
    .select()
    .from(conditionalOrders)
    .where(and(eq(conditionalOrders.groupId, groupId), eq(conditionalOrders.state, 'pending')))
    .for('update');
}

/** Gives a group's hold back (frozen → available) and records the legs as holding nothing. */
/**
 * The session's own leg of a wallet, by id, and its group's waiting legs (none once the leg no
 * longer waits): what a cancel and a modify both start from.
 */
export async function ownGroup(jc: JobContext, session: Session, wallet: SpotWallet, id: bigint) {
  const [row] = await jc.tx
    .select()
    .from(conditionalOrders)
    .where(
      and(
        eq(conditionalOrders.id, id),
        ownedBy(conditionalOrders, session),
        eq(conditionalOrders.wallet, wallet),
      ),
    );
  if (!row) throw new ApiError('CONDITIONAL_NOT_FOUND');
  const legs = row.state === 'pending' ? await pendingLegs(jc, row.groupId ?? row.id) : [];
  return { row, legs };
}

export async function releaseHold(
  jc: JobContext,
  legs: readonly ConditionalRow[],
  instrument: Instrument | undefined,
): Promise<void> {
  const first = legs[0];
  if (!first) return;
  const total = legs.reduce((sum, leg) => sum.plus(leg.frozen), new Decimal(0));
  if (total.gt(0)) {
    const { available, frozen } = accounts(first, instrument);
    await jc.batch.ledger.post({
      reason: 'conditional_release',
      referenceType: 'conditional_order',
      referenceId: String(first.groupId ?? first.id),
      memo: `${first.side} ${first.symbol}`,
      lines: [
        { account: frozen, amount: total.neg().toFixed() },
        { account: available, amount: total.toFixed() },
      ],
    });
  }
  await jc.tx
    .update(conditionalOrders)
    .set({ frozen: '0' })
    .where(
      inArray(
        conditionalOrders.id,
        legs.map((l) => l.id),
      ),
    );
}

/** Ends waiting legs without firing them (cancelled, expired, or the other leg of a fired pair). */
export async function endLegs(
  jc: JobContext,
  legs: readonly ConditionalRow[],
  state: 'cancelled' | 'expired',
  reason: (leg: ConditionalRow) => string,
  now: number,
): Promise<ConditionalRow[]> {
  const ended: ConditionalRow[] = [];
  for (const leg of legs) {
    const [row] = await jc.tx
      .update(conditionalOrders)
      .set({ state, reason: reason(leg), frozen: '0', updatedAt: now })
      .where(eq(conditionalOrders.id, leg.id))
      .returning();
    if (row) ended.push(row);
  }
  return ended;
}

/** A sell's shares or coins are there to hold: free, and for a stock not T+1 or lock-up locked. */
export async function checkSellable(
  jc: JobContext,
  owner: Pick<ConditionalRow, 'userId' | 'accountType'>,
  wallet: SpotWallet,
  instrument: Instrument,
  asset: string,
  quantity: string,
  now: number,
): Promise<void> {
  const ref = userAccount(owner.userId, owner.accountType, wallet, asset, 'available');
  await jc.batch.ledger.load([ref]);
  const free = jc.batch.ledger.balance(ref).toFixed();
  const broken =
    wallet === 'stock'
      ? checkStockSell(
          quantity,
          free,
          await lockedQty(jc.tx, owner.userId, owner.accountType, instrument.symbol, now),
        )
      : checkCoinSell(quantity, free);
  // A stock without T+1 is locked only by a block trade's lock-up: say that, not "T+1".
  if (broken?.key === 'T1_LOCKED' && !instrument.t1) throw new ApiError('BLOCK_LOCKED_UP');
  if (broken) throw new ApiError(broken.key, broken.params);
}

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
  // The one call a fire makes on the spot engine: its SpotEngine type would import spot/engine.ts,
  // which imports spot/modify.ts, which imports this file's checkSellable (an import circle).
  spot: { placeWithin(jc: JobContext, leg: StoredLeg): Promise<Placed> },
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
    // The row itself: the spot engine reads the order it places from the kept leg.
    const placed = await spot.placeWithin(jc, leg);
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
  return { rows: [ensure(fired, 'the fired leg is written'), ...others], refused };
}
