import { eq } from 'drizzle-orm';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import type { SecurityConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { verifyPassword } from './password';
import { sessionUser, type UserRow } from './profile';
import { blockedSeconds, clearFailures, recordFailure, throttleKeys } from './throttle';

export type PinKind = 'trade' | 'withdraw';

/**
 * A 6-digit PIN has a million values: wrong tries are limited per user and kind, to this many
 * an hour, so guessing one online would take centuries.
 */
export const PIN_FAILURES_PER_HOUR = 10;

const KEYS: Record<PinKind, { notSet: ErrorKey; incorrect: ErrorKey }> = {
  trade: { notSet: 'TRADE_PASSWORD_NOT_SET', incorrect: 'TRADE_PASSWORD_INCORRECT' },
  withdraw: { notSet: 'WITHDRAW_PASSWORD_NOT_SET', incorrect: 'WITHDRAW_PASSWORD_INCORRECT' },
};

export function pinHashOf(user: UserRow, kind: PinKind): string | null {
  return kind === 'trade' ? user.tradePasswordHash : user.withdrawPasswordHash;
}

/** Checks a PIN of a user whose row is at hand; throws NOT_SET, INCORRECT or RATE_LIMITED. */
export async function checkPin(db: Db, user: UserRow, kind: PinKind, pin: string): Promise<void> {
  const stored = pinHashOf(user, kind);
  if (stored === null) throw new ApiError(KEYS[kind].notSet);
  const key = throttleKeys.pin(kind, user.id);
  if ((await blockedSeconds(db, [key])) > 0) throw new ApiError('RATE_LIMITED');
  if (!(await verifyPassword(pin, stored))) {
    await recordFailure(db, [{ key, limit: PIN_FAILURES_PER_HOUR, growing: false }]);
    throw new ApiError(KEYS[kind].incorrect);
  }
  await clearFailures(db, key);
}

/**
 * For other areas: confirms a money-moving action with the user's transaction password
 * (DECISIONS §3). Throws TRADE_PASSWORD_NOT_SET, TRADE_PASSWORD_INCORRECT or RATE_LIMITED.
 */
export async function verifyTradePassword(db: Db, userId: bigint, pin: string): Promise<void> {
  await checkPin(db, await sessionUser(db, userId), 'trade', pin);
}

/** Confirms a withdrawal: WITHDRAW_PASSWORD_NOT_SET, WITHDRAW_PASSWORD_INCORRECT or RATE_LIMITED. */
export async function verifyWithdrawPassword(db: Db, userId: bigint, pin: string): Promise<void> {
  await checkPin(db, await sessionUser(db, userId), 'withdraw', pin);
}

/**
 * The login password asked again inside a session (changing it, setting a first PIN): wrong
 * → PASSWORD_INCORRECT, and failures count so a borrowed session cannot guess it freely.
 */
export async function checkLoginPassword(
  db: Db,
  security: SecurityConfig,
  user: UserRow,
  password: string,
): Promise<void> {
  const key = throttleKeys.password(user.id);
  const blocked = await blockedSeconds(db, [key]);
  if (blocked > 0) throw new ApiError('RATE_LIMITED');
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(db, [{ key, limit: security.loginFailuresPerAccount, growing: true }]);
    throw new ApiError('PASSWORD_INCORRECT');
  }
  await clearFailures(db, key);
}

export async function setPinHash(db: Db, userId: bigint, kind: PinKind, hash: string): Promise<void> {
  const values = kind === 'trade' ? { tradePasswordHash: hash } : { withdrawPasswordHash: hash };
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
