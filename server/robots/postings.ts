import Decimal from 'decimal.js';
import type { AccountType } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { systemAccount, userAccount } from '../ledger/account-ref';
import { postTransaction, type PostedTransaction, type PostingLine } from '../ledger/post';
import type { ExecFill } from '../market/source';

/**
 * Where a robot's money is (DECISIONS §2). The capital leaves the user's coin wallet
 * into the broker's robot pool (`system:robots:USDT`); the order's coin sits in the same pool
 * (`system:robots:BTC`). Every line names the order, so an order is a ledger sub-account by
 * reference: its cash and coin are the sums of its pool lines, kept alongside on the row.
 *
 * Why a pool and not the user's wallet with spot orders: the spot engine's orders hold and spend
 * the user's own balance, and a robot must trade only its locked capital, never what the user
 * keeps free. So a robot takes liquidity the way the engine's market orders do — through
 * `MarketSource.execute`, at levels the book showed, printing real trades — and its fills are
 * booked here against `system:market` with the coin spot taker fee to `system:fees`, the same
 * counterparties and fee as a user's fill.
 */
export const ROBOT_REFERENCE = 'robot_order';
export const ROBOT_REASONS = {
  lock: 'robot_lock',
  fill: 'robot_fill',
  release: 'robot_release',
} as const;

type Owner = { userId: bigint; accountType: AccountType };
const usdt = (o: Owner) => userAccount(o.userId, o.accountType, 'coin', 'USDT');
const pool = (asset: string) => systemAccount('robots', asset);

/** The purchase: capital out of the coin wallet (INSUFFICIENT_BALANCE when short) into the pool. */
export function postLock(db: Db, o: Owner, orderId: bigint, capital: Decimal, memo: string) {
  return postTransaction(db, {
    reason: ROBOT_REASONS.lock,
    referenceType: ROBOT_REFERENCE,
    referenceId: String(orderId),
    memo,
    lines: [
      { account: usdt(o), amount: capital.neg().toFixed() },
      { account: pool('USDT'), amount: capital.toFixed() },
    ],
  });
}

/**
 * Every system account a robot order's fills and end post to. A transaction that books fills and
 * then ends the order locks them first, in one statement (docs/partitions.md, "Lock order"): with
 * no fee the fills leave fees for the end to take, after the market's accounts, where a trading
 * batch takes fees first.
 */
export function robotSystemAccounts(base: string) {
  return [
    systemAccount('fees', 'USDT'),
    systemAccount('market', 'USDT'),
    systemAccount('market', base),
    systemAccount('robot_tax', 'USDT'),
    pool('USDT'),
    pool(base),
  ];
}

/** One fill of the order: cash and coin swap with the market, the fee to fees, from the pool. */
export function postFill(
  db: Db,
  orderId: bigint,
  base: string,
  side: 'buy' | 'sell',
  fill: ExecFill,
  fee: Decimal,
): Promise<PostedTransaction> {
  const qty = new Decimal(fill.qty);
  const amount = qty.times(fill.price);
  const sign = side === 'buy' ? 1 : -1;
  const lines: PostingLine[] = [
    { account: pool('USDT'), amount: amount.times(-sign).minus(fee).toFixed() },
    { account: systemAccount('market', 'USDT'), amount: amount.times(sign).toFixed() },
    { account: pool(base), amount: qty.times(sign).toFixed() },
    { account: systemAccount('market', base), amount: qty.times(-sign).toFixed() },
  ];
  if (fee.gt(0)) lines.push({ account: systemAccount('fees', 'USDT'), amount: fee.toFixed() });
  return postTransaction(db, {
    reason: ROBOT_REASONS.fill,
    referenceType: ROBOT_REFERENCE,
    referenceId: String(orderId),
    memo: `${side} ${fill.qty} ${base} @ ${fill.price}`,
    lines,
  });
}

/**
 * The end: the order's cash leaves the pool; the withholding (its own line, to `robot_tax`) and
 * any early-stop penalty (to `fees`) come off, the rest goes back to the coin wallet.
 */
export function postRelease(
  db: Db,
  o: Owner,
  orderId: bigint,
  move: { cash: Decimal; tax: Decimal; penalty: Decimal; returned: Decimal; memo: string },
): Promise<PostedTransaction> | null {
  if (move.cash.lte(0)) return null;
  const lines: PostingLine[] = [{ account: pool('USDT'), amount: move.cash.neg().toFixed() }];
  if (move.returned.gt(0)) lines.push({ account: usdt(o), amount: move.returned.toFixed() });
  if (move.tax.gt(0)) lines.push({ account: systemAccount('robot_tax', 'USDT'), amount: move.tax.toFixed() });
  if (move.penalty.gt(0))
    lines.push({ account: systemAccount('fees', 'USDT'), amount: move.penalty.toFixed() });
  return postTransaction(db, {
    reason: ROBOT_REASONS.release,
    referenceType: ROBOT_REFERENCE,
    referenceId: String(orderId),
    memo: move.memo,
    lines,
  });
}
