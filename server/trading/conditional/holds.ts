import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { checkCoinSell } from '../../../domain/rules/coin';
import { checkStockSell } from '../../../domain/rules/stock';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { ApiError } from '../../http/errors';
import { userAccount } from '../../ledger/account-ref';
import type { Instrument } from '../../market/source';
import { lockedQty } from '../spot/place';
import type { JobContext } from '../writer';
import { heldCurrency } from './rows';
import type { SpotWallet } from '../../../domain/protocol/account';

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
