import type Decimal from 'decimal.js';
import type { AccountType, Wallet } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { systemAccount, userAccount, type Bucket } from './account-ref';
import { LedgerError, parsePositive } from './decimal';
import { postTransaction, type PostedTransaction } from './post';

/** What every helper posting carries besides its lines. */
export type MoveMeta = {
  reason: string;
  referenceType: string;
  referenceId: string;
  memo?: string;
  idempotencyKey?: string;
};

type WalletMove = MoveMeta & {
  userId: bigint;
  accountType: AccountType;
  wallet: Wallet;
  currency: string;
  /** Positive canonical decimal. */
  amount: string | Decimal;
};

function meta(move: MoveMeta): MoveMeta {
  const { reason, referenceType, referenceId, memo, idempotencyKey } = move;
  return {
    reason,
    referenceType,
    referenceId,
    ...(memo !== undefined ? { memo } : {}),
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
  };
}

async function bucketMove(db: Db, move: WalletMove, from: Bucket, to: Bucket): Promise<PostedTransaction> {
  const amount = parsePositive(move.amount);
  const { userId, accountType, wallet, currency } = move;
  return postTransaction(db, {
    ...meta(move),
    lines: [
      { account: userAccount(userId, accountType, wallet, currency, from), amount: amount.neg().toFixed() },
      { account: userAccount(userId, accountType, wallet, currency, to), amount: amount.toFixed() },
    ],
  });
}

/** Available → frozen within one wallet (an order's or a withdrawal's hold). */
export async function freeze(db: Db, move: WalletMove): Promise<PostedTransaction> {
  return bucketMove(db, move, 'available', 'frozen');
}

/** Frozen → available within one wallet (a cancelled order's hold coming back). */
export async function unfreeze(db: Db, move: WalletMove): Promise<PostedTransaction> {
  return bucketMove(db, move, 'frozen', 'available');
}

/** Available money between two wallets of one user's account (e.g. coin ↔ contract USDT). */
export async function transfer(
  db: Db,
  move: Omit<WalletMove, 'wallet'> & { fromWallet: Wallet; toWallet: Wallet },
): Promise<PostedTransaction> {
  if (move.fromWallet === move.toWallet) throw new LedgerError('transfer within one wallet');
  const amount = parsePositive(move.amount);
  const { userId, accountType, currency } = move;
  return postTransaction(db, {
    ...meta(move),
    lines: [
      {
        account: userAccount(userId, accountType, move.fromWallet, currency),
        amount: amount.neg().toFixed(),
      },
      { account: userAccount(userId, accountType, move.toWallet, currency), amount: amount.toFixed() },
    ],
  });
}

/**
 * The operator's `fund`: paper money from the sandbox funding account into a real wallet's
 * available balance. Demo money comes only from demo funding (registration, reset).
 */
export async function fundFromSandbox(
  db: Db,
  move: Omit<WalletMove, 'accountType'> & { accountType: 'real' },
): Promise<PostedTransaction> {
  if (move.accountType !== 'real') throw new LedgerError('sandbox funding goes to real accounts only');
  const amount = parsePositive(move.amount);
  return postTransaction(db, {
    ...meta(move),
    lines: [
      { account: systemAccount('sandbox_funding', move.currency), amount: amount.neg().toFixed() },
      { account: userAccount(move.userId, 'real', move.wallet, move.currency), amount: amount.toFixed() },
    ],
  });
}
