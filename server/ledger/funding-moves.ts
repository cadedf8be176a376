import type { Wallet } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { systemAccount, userAccount } from './account-ref';
import { LedgerDecimal, parsePositive } from './decimal';
import { freeze, unfreeze } from './moves';
import { postTransaction, type PostedTransaction } from './post';

/**
 * Funding's postings. Money enters a real wallet only from `system:deposits` and leaves
 * it only into `system:withdrawals` (the fee into `system:fees`), so the ledger alone says how much
 * came in and went out; every posting names its deposit or withdrawal row.
 */
export type FundingMove = {
  userId: bigint;
  wallet: Wallet;
  currency: string;
  amount: string;
  /** The deposit's or withdrawal's row id. */
  referenceId: string;
  memo: string;
};

/** An approved deposit: system deposits → the wallet's available balance. */
export function creditDeposit(db: Db, move: FundingMove): Promise<PostedTransaction> {
  const amount = parsePositive(move.amount);
  return postTransaction(db, {
    reason: 'deposit',
    referenceType: 'deposit',
    referenceId: move.referenceId,
    memo: move.memo,
    lines: [
      { account: systemAccount('deposits', move.currency), amount: amount.neg().toFixed() },
      { account: userAccount(move.userId, 'real', move.wallet, move.currency), amount: amount.toFixed() },
    ],
  });
}

const withdrawalMeta = (move: FundingMove, reason: string) => ({
  reason,
  referenceType: 'withdrawal',
  referenceId: move.referenceId,
  memo: move.memo,
});

/** A requested withdrawal's hold: available → frozen; fails INSUFFICIENT_BALANCE below zero. */
export function holdWithdrawal(db: Db, move: FundingMove): Promise<PostedTransaction> {
  return freeze(db, { ...move, accountType: 'real', ...withdrawalMeta(move, 'withdrawal_hold') });
}

/** A refused or cancelled withdrawal: its hold back to available. */
export function releaseWithdrawal(db: Db, move: FundingMove): Promise<PostedTransaction> {
  return unfreeze(db, { ...move, accountType: 'real', ...withdrawalMeta(move, 'withdrawal_release') });
}

/** An approved withdrawal: the hold leaves the wallet, `receive` to the payee and the fee to fees. */
export function payWithdrawal(db: Db, move: FundingMove & { fee: string }): Promise<PostedTransaction> {
  const amount = parsePositive(move.amount);
  const fee = new LedgerDecimal(move.fee);
  const receive = amount.minus(fee);
  return postTransaction(db, {
    ...withdrawalMeta(move, 'withdrawal'),
    lines: [
      {
        account: userAccount(move.userId, 'real', move.wallet, move.currency, 'frozen'),
        amount: amount.neg().toFixed(),
      },
      { account: systemAccount('withdrawals', move.currency), amount: receive.toFixed() },
      ...(fee.gt(0) ? [{ account: systemAccount('fees', move.currency), amount: fee.toFixed() }] : []),
    ],
  });
}
