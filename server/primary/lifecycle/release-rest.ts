import type Decimal from 'decimal.js';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { unfreeze } from '../../ledger/moves';

/** Where an offering's holds sit and what their release is booked as: stock TRY or coin USDT. */
export const STOCK_HOLD = { wallet: 'stock', currency: 'TRY', reason: 'ipo_refund' } as const;
export const COIN_HOLD = { wallet: 'coin', currency: 'USDT', reason: 'ico_refund' } as const;

/**
 * Gives back what is left of an application's hold (frozen → available): the part an allocation
 * did not take on the refund date, or a whole hold withdrawn. Nothing is posted when nothing is
 * left. Answers what the row records: the amount released ('0' for none) and its transaction.
 */
export async function releaseRest(
  tx: Db,
  hold: typeof STOCK_HOLD | typeof COIN_HOLD,
  row: { id: bigint; userId: bigint; accountType: AccountType },
  referenceType: string,
  rest: Decimal,
  memo: string,
): Promise<{ refunded: string; refundTxId: bigint | null }> {
  if (!rest.gt(0)) return { refunded: '0', refundTxId: null };
  const posted = await unfreeze(tx, {
    ...hold,
    userId: row.userId,
    accountType: row.accountType,
    amount: rest.toFixed(),
    referenceType,
    referenceId: String(row.id),
    memo,
  });
  return { refunded: rest.toFixed(), refundTxId: posted.id };
}
