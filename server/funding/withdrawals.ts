import { and, count, eq, isNull } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { bankWithdrawFee, fundingDecimals } from '../../domain/funding/amounts';
import type { FundingBlock, Withdrawal, WithdrawStatus } from '../../domain/protocol/funding';
import type { AccountType, Wallet } from '../../domain/protocol/account';
import { checkPin, pinLockedUntil } from '../accounts/pins';
import { sessionUser, type UserRow } from '../accounts/profile';
import { lockUserRow } from '../accounts/user-lock';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { bankCards, withdrawals } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { withUnits } from '../i18n';
import { userBalances } from '../ledger/balances';
import { canonical } from '../ledger/decimal';
import { holdWithdrawal } from '../ledger/funding-moves';
import { readSetting } from '../settings';
import { maskedCard, ownCard } from './cards';
import {
  announceRealBalances,
  checkAmount,
  fundingHours,
  idOf,
  requireOpen,
  requireReal,
  type FundingEnv,
} from './common';
import { pageRows, requestPage, requestText, type RequestListQuery } from './request-page';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * What one account's wallet can pay out now, in one currency: the real account unless told
 * otherwise (withdrawals move real money only; the status shows the session's own account).
 */
export async function availableOf(
  db: Db,
  userId: bigint,
  wallet: Wallet,
  currency: string,
  now: number,
  accountType: AccountType = 'real',
) {
  const balances = await userBalances(db, userId, accountType, now);
  return balances.find((b) => b.wallet === wallet && b.currency === currency)?.available ?? '0';
}

export async function withdrawStatus(env: FundingEnv, session: Session): Promise<WithdrawStatus> {
  const { db } = env;
  const funding = await readSetting(db, 'funding');
  const hours = await fundingHours(env);
  const user = await sessionUser(db, session.userId);
  const [cards] = await db
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.userId, session.userId), isNull(bankCards.deletedAt)));
  const [pending] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, session.userId),
        eq(withdrawals.status, 'pending'),
        eq(withdrawals.kind, 'bank'),
      ),
    );
  const blocks: FundingBlock[] = [];
  if (session.accountType !== 'real') blocks.push('DEMO_NOT_ALLOWED');
  if (!hours.open) blocks.push('FUNDING_CLOSED');
  if (user.idStatus !== 'succ') blocks.push('KYC_REQUIRED');
  if (user.withdrawPasswordHash === null) blocks.push('WITHDRAW_PASSWORD_NOT_SET');
  if ((cards?.n ?? 0) === 0) blocks.push('BANK_CARD_REQUIRED');
  const w = funding.withdraw;
  return {
    hours,
    currency: 'TRY',
    minAmount: w.min,
    maxAmount: w.max,
    feeRate: w.feeRate,
    feeMin: w.feeMin,
    available: await availableOf(db, session.userId, 'stock', 'TRY', env.now, session.accountType),
    expectedHours: w.expectedHours,
    pending: pending?.n ?? 0,
    blocks,
    pinLockedUntil: await pinLockedUntil(db, session.userId, 'withdraw'),
  };
}

/**
 * The checks every withdrawal passes first, in the order the user can fix them; the PIN is
 * checked last by the caller (confirmPin), so a wrong amount never costs a PIN attempt.
 */
export async function checkWithdrawer(env: FundingEnv, session: Session): Promise<UserRow> {
  requireReal(session);
  const user = await sessionUser(env.db, session.userId);
  if (user.idStatus !== 'succ') throw new ApiError('KYC_REQUIRED');
  if (user.withdrawPasswordHash === null) throw new ApiError('WITHDRAW_PASSWORD_NOT_SET');
  await requireOpen(env);
  return user;
}

/** WITHDRAW_PASSWORD_INCORRECT or PIN_LOCKED (with pins.ts's lockout). */
export function confirmPin(env: FundingEnv, user: UserRow, pin: string): Promise<void> {
  return checkPin(env.db, user, 'withdraw', pin);
}

export type Hold = Omit<typeof withdrawals.$inferInsert, 'id' | 'holdTransactionId' | 'status'>;

/**
 * The row and its ledgered hold in one transaction. The user row is locked first so one user's
 * withdrawals queue; the ledger's non-negative check is the last guard: N racing requests for
 * a balance that covers k leave exactly k held and the balance never below zero.
 */
export async function placeWithdrawal(env: FundingEnv, hold: Hold): Promise<WithdrawalRow> {
  const row = await env.db.transaction(async (tx) => {
    await lockUserRow(tx, hold.userId);
    if (hold.bankCardId) {
      // The card stays live until this commits (a delete waits, then sees the pending withdrawal).
      const [card] = await tx
        .select({ id: bankCards.id })
        .from(bankCards)
        .where(and(eq(bankCards.id, hold.bankCardId), isNull(bankCards.deletedAt)))
        .for('share');
      if (!card) throw new ApiError('BANK_CARD_NOT_FOUND');
    }
    const available = await availableOf(tx, hold.userId, hold.wallet as Wallet, hold.currency, env.now);
    if (new Decimal(available).lt(hold.amount)) throw new ApiError('INSUFFICIENT_BALANCE');
    const [inserted] = await tx
      .insert(withdrawals)
      .values({ ...hold, holdTransactionId: 0n })
      .returning({ id: withdrawals.id });
    if (!inserted) throw new Error('withdrawal insert returned nothing');
    const posted = await holdWithdrawal(tx, {
      userId: hold.userId,
      wallet: hold.wallet as Wallet,
      currency: hold.currency,
      amount: hold.amount,
      referenceId: String(inserted.id),
      memo: hold.kind === 'bank' ? `${hold.currency} → bank` : `${hold.currency} → ${hold.chain ?? ''}`,
    });
    const [done] = await tx
      .update(withdrawals)
      .set({ holdTransactionId: posted.id })
      .where(eq(withdrawals.id, inserted.id))
      .returning();
    if (!done) throw new Error('withdrawal update returned nothing');
    return done;
  });
  await announceRealBalances(env.db, hold.userId, env.now);
  return row;
}

export type BankWithdrawInput = { cardId: bigint; amount: string; withdrawPassword: string };

export async function addBankWithdrawal(env: FundingEnv, session: Session, input: BankWithdrawInput) {
  const user = await checkWithdrawer(env, session);
  const card = await ownCard(env.db, session.userId, input.cardId);
  const w = (await readSetting(env.db, 'funding')).withdraw;
  const decimals = fundingDecimals('TRY');
  checkAmount(input.amount, { min: w.min, max: w.max, decimals }, 'TRY');
  const { fee, receive } = bankWithdrawFee(input.amount, w.feeRate, w.feeMin, decimals);
  if (new Decimal(receive).lte(0))
    throw new ApiError('FEE_EXCEEDS_AMOUNT', withUnits({ fee }, { fee: 'TRY' }));
  const available = await availableOf(env.db, session.userId, 'stock', 'TRY', env.now);
  if (new Decimal(available).lt(input.amount)) throw new ApiError('INSUFFICIENT_BALANCE');
  await confirmPin(env, user, input.withdrawPassword);
  const row = await placeWithdrawal(env, {
    userId: session.userId,
    kind: 'bank',
    wallet: 'stock',
    currency: 'TRY',
    amount: input.amount,
    fee,
    receive,
    bankCardId: card.id,
    createdAt: env.now,
  });
  return withdrawalWire(env.db, row);
}

export async function withdrawalWire(db: Db, row: WithdrawalRow): Promise<Withdrawal> {
  let card: Withdrawal['card'] = null;
  if (row.bankCardId !== null) {
    const [c] = await db.select().from(bankCards).where(eq(bankCards.id, row.bankCardId));
    if (c) card = { id: String(c.id), bankName: c.bankName, accountNumber: maskedCard(c) };
  }
  return {
    id: String(row.id),
    kind: row.kind as Withdrawal['kind'],
    currency: row.currency,
    amount: canonical(row.amount),
    fee: canonical(row.fee),
    receive: canonical(row.receive),
    status: row.status as Withdrawal['status'],
    card,
    ...requestText(row),
    cancelledAt: row.cancelledAt,
    holdTransactionId: String(row.holdTransactionId),
    settleTransactionId: idOf(row.settleTransactionId),
  };
}

/** One withdrawal (another user's id: WITHDRAWAL_NOT_FOUND) or a page, newest first, of this kind. */
export function listWithdrawals(db: Db, session: Session, kind: 'bank' | 'crypto', q: RequestListQuery) {
  return requestPage(
    db,
    session,
    withdrawals,
    [kind],
    q,
    'WITHDRAWAL_NOT_FOUND',
    (f) => pageRows(db.select().from(withdrawals).$dynamic(), f),
    (row) => withdrawalWire(db, row),
  );
}
