import { and, eq, getTableName } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Wallet } from '../../domain/protocol/account';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { deposits, withdrawals } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { creditDeposit, payWithdrawal, releaseWithdrawal } from '../ledger/funding-moves';
import { announceRecord } from '../record-events';
import { announceRealBalances, requireReal } from './common';
import { tellDecision } from './notify';

/** Who decides (the operator, the simulator) and when; every decision names both on the row. */
export type Decider = { db: Db; now: number; by: string };

type DepositRow = typeof deposits.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;

// Funding is the real account's (a demo account has neither deposits nor withdrawals). Said
// before the message and the balances, which each cost a read: the open record moves first.
const announceDeposit = (db: Db, row: DepositRow) =>
  announceRecord(db, { userId: row.userId, accountType: 'real' }, 'deposit', row.id, row.status);
const announceWithdrawal = (db: Db, row: WithdrawalRow) =>
  announceRecord(db, { userId: row.userId, accountType: 'real' }, 'withdrawal', row.id, row.status);

/** A decision written on its locked row (a deposit, a withdrawal); answers the row as it now stands. */
async function writeDecision<T extends typeof deposits | typeof withdrawals>(
  tx: Db,
  table: T,
  id: bigint,
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  // drizzle cannot spell returning()'s rows for a table given as a type parameter: said here.
  const [done] = (await tx.update(table).set(set).where(eq(table.id, id)).returning()) as T['$inferSelect'][];
  if (!done) throw new Error(`${getTableName(table)} update returned nothing`);
  return done;
}

/** The user told of a refusal: the amount asked for, and the operator's reason as typed. */
const tellRejected = (
  d: Decider,
  row: DepositRow | WithdrawalRow,
  kind: 'deposit_failed' | 'withdrawal_failed',
  reason: string,
) =>
  tellDecision(
    d.db,
    row.userId,
    { kind, amount: canonical(row.amount), currency: row.currency, reason },
    d.now,
  );

async function lockDeposit(tx: Db, id: bigint): Promise<DepositRow> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new ApiError('DEPOSIT_NOT_FOUND');
  if (row.status !== 'pending') throw new ApiError('DEPOSIT_NOT_PENDING');
  return row;
}

/** One ledgered posting credits the deposit; the row says which. Deciding twice changes nothing. */
export async function approveDeposit(d: Decider, id: bigint): Promise<DepositRow> {
  const row = await d.db.transaction(async (tx) => {
    const dep = await lockDeposit(tx, id);
    const posted = await creditDeposit(tx, {
      userId: dep.userId,
      wallet: dep.wallet as Wallet,
      currency: dep.currency,
      amount: canonical(dep.amount),
      referenceId: String(dep.id),
      memo: dep.kind === 'crypto' ? `${dep.currency} ${dep.chain ?? ''}` : `${dep.currency} ${dep.kind}`,
    });
    return writeDecision(tx, deposits, id, {
      status: 'success',
      decidedAt: d.now,
      decidedBy: d.by,
      transactionId: posted.id,
    });
  });
  announceDeposit(d.db, row);
  const amount = canonical(row.amount);
  await tellDecision(d.db, row.userId, { kind: 'deposit_success', amount, currency: row.currency }, d.now);
  return row;
}

export async function rejectDeposit(d: Decider, id: bigint, reason: string): Promise<DepositRow> {
  const row = await d.db.transaction(async (tx) => {
    await lockDeposit(tx, id);
    return writeDecision(tx, deposits, id, { status: 'failed', reason, decidedAt: d.now, decidedBy: d.by });
  });
  announceDeposit(d.db, row);
  await tellRejected(d, row, 'deposit_failed', reason);
  return row;
}

async function lockWithdrawal(tx: Db, id: bigint, userId?: bigint): Promise<WithdrawalRow> {
  const mine =
    userId === undefined
      ? eq(withdrawals.id, id)
      : and(eq(withdrawals.id, id), eq(withdrawals.userId, userId));
  const [row] = await tx.select().from(withdrawals).where(mine).for('update');
  if (!row) throw new ApiError('WITHDRAWAL_NOT_FOUND');
  if (row.status !== 'pending') throw new ApiError('WITHDRAWAL_NOT_PENDING');
  return row;
}

const moveOf = (w: WithdrawalRow) => ({
  userId: w.userId,
  wallet: w.wallet as Wallet,
  currency: w.currency,
  amount: canonical(w.amount),
  referenceId: String(w.id),
  memo: w.kind === 'bank' ? `${w.currency} → bank` : `${w.currency} → ${w.chain ?? ''}`,
});

/** Releases the hold and closes the row as `status`, in one transaction. */
async function release(
  db: Db,
  id: bigint,
  set: Partial<typeof withdrawals.$inferInsert>,
  userId?: bigint,
): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, userId);
    const posted = await releaseWithdrawal(tx, moveOf(w));
    return writeDecision(tx, withdrawals, id, { ...set, settleTransactionId: posted.id });
  });
}

/** The hold leaves the wallet: `receive` to the payee, the fee to the fees account. */
export async function approveWithdrawal(d: Decider, id: bigint, txHash?: string): Promise<WithdrawalRow> {
  const row = await d.db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    const posted = await payWithdrawal(tx, { ...moveOf(w), fee: canonical(w.fee) });
    return writeDecision(tx, withdrawals, id, {
      status: 'success',
      decidedAt: d.now,
      decidedBy: d.by,
      settleTransactionId: posted.id,
      ...(txHash ? { txHash } : {}),
    });
  });
  announceWithdrawal(d.db, row);
  const news = {
    kind: 'withdrawal_success',
    receive: canonical(row.receive),
    currency: row.currency,
  } as const;
  await tellDecision(d.db, row.userId, news, d.now);
  return row;
}

export async function rejectWithdrawal(d: Decider, id: bigint, reason: string): Promise<WithdrawalRow> {
  const row = await release(d.db, id, { status: 'failed', reason, decidedAt: d.now, decidedBy: d.by });
  announceWithdrawal(d.db, row);
  await tellRejected(d, row, 'withdrawal_failed', reason);
  return row;
}

/** The user's own pending withdrawal, either kind; the hold comes back. */
export async function cancelWithdrawal(
  db: Db,
  session: Session,
  id: bigint,
  now: number,
): Promise<WithdrawalRow> {
  requireReal(session);
  const row = await release(db, id, { status: 'cancelled', cancelledAt: now }, session.userId);
  // The user's other tabs and devices: their "cancel" must go too.
  announceWithdrawal(db, row);
  await announceRealBalances(db, row.userId, now);
  return row;
}
