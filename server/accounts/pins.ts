import { eq } from 'drizzle-orm';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import type { SecurityConfig } from '../config';
import { pinKeyOf } from '../app-state';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { verifyPassword } from './password';
import { hashPin, isPinHash, verifyPinHash, type PinKey } from './pin-hash';
import { sessionUser, type UserRow } from './profile';
import { blockedUntil, claimAttempt, clearFailures, guardedAttempt, throttleKeys } from './throttle';

export type PinKind = 'trade' | 'withdraw';

/**
 * A 6-digit PIN has a million values: after this many wrong tries in an hour (from the first
 * one) the user's PIN of that kind is locked for the rest of that hour, the right PIN too, and
 * the answer says when to retry (PIN_LOCKED). Guessing one online would take centuries.
 */
export const PIN_FAILURES_BEFORE_LOCK = 5;

const KEYS: Record<PinKind, { notSet: ErrorKey; incorrect: ErrorKey }> = {
  trade: { notSet: 'TRADE_PASSWORD_NOT_SET', incorrect: 'TRADE_PASSWORD_INCORRECT' },
  withdraw: { notSet: 'WITHDRAW_PASSWORD_NOT_SET', incorrect: 'WITHDRAW_PASSWORD_INCORRECT' },
};

export function pinHashOf(user: UserRow, kind: PinKind): string | null {
  return kind === 'trade' ? user.tradePasswordHash : user.withdrawPasswordHash;
}

/** The lock says when it ends (`until`, epoch ms): the screen keeps its submit disabled until then. */
function locked(seconds: number, until: Date): ApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError('PIN_LOCKED', { minutes, count: minutes, until: until.getTime() }).withParams();
}

/**
 * A PIN stored by an older version is a login-strength scrypt hash: checked once, then re-hashed.
 * `key` is the app's, taken before the transaction: `db` here is the transaction's handle.
 */
async function pinMatches(
  db: Db,
  key: PinKey,
  user: UserRow,
  kind: PinKind,
  pin: string,
  stored: string,
): Promise<boolean> {
  if (isPinHash(stored)) return verifyPinHash(key, pin, stored);
  if (!(await verifyPassword(pin, stored))) return false;
  await setPinHash(db, user.id, kind, hashPin(key, pin));
  return true;
}

/** Checks a PIN of a user whose row is at hand; throws NOT_SET, INCORRECT or PIN_LOCKED. */
export async function checkPin(db: Db, user: UserRow, kind: PinKind, pin: string): Promise<void> {
  const stored = pinHashOf(user, kind);
  if (stored === null) throw new ApiError(KEYS[kind].notSet);
  const key = throttleKeys.pin(kind, user.id);
  const pinKey = pinKeyOf(db);
  // One check of this PIN at a time, counted as it is made: a burst of guesses (over a cluster's
  // nodes, or in flight at once) compares no more PINs than the limit, and the right PIN sent
  // with thirty orders at once still confirms them all.
  const attempt = await guardedAttempt(db, { key, limit: PIN_FAILURES_BEFORE_LOCK, growing: false }, (tx) =>
    pinMatches(tx, pinKey, user, kind, pin, stored),
  );
  if ('blocked' in attempt) throw locked(attempt.blocked, attempt.until);
  if (attempt.ok) return;
  if (attempt.blockedAfter > 0) throw locked(attempt.blockedAfter, attempt.until);
  // Said before the lock comes, never only by it.
  const triesLeft = Math.max(0, PIN_FAILURES_BEFORE_LOCK - attempt.failures);
  throw new ApiError(KEYS[kind].incorrect, { triesLeft }).withParams();
}

/**
 * For other areas: confirms a money-moving action with the user's transaction password
 * (DECISIONS §3). Throws TRADE_PASSWORD_NOT_SET, TRADE_PASSWORD_INCORRECT or PIN_LOCKED.
 */
export async function verifyTradePassword(db: Db, userId: bigint, pin: string): Promise<void> {
  await checkPin(db, await sessionUser(db, userId), 'trade', pin);
}

/**
 * DECISIONS §3: orders need the trade password only when the user turned that on (off by
 * default). Callers check it outside any writer or transaction: the PIN's hash check is slow and
 * must not hold a batch.
 */
export async function confirmOrder(db: Db, userId: bigint, pin: string | undefined): Promise<void> {
  const [user] = await db
    .select({ confirm: users.confirmOrdersWithTradePassword })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.confirm) return;
  if (pin === undefined || pin === '') throw new ApiError('TRADE_PASSWORD_REQUIRED');
  await verifyTradePassword(db, userId, pin);
}

/** Confirms a withdrawal: WITHDRAW_PASSWORD_NOT_SET, WITHDRAW_PASSWORD_INCORRECT or PIN_LOCKED. */
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
  const blocked = await claimAttempt(db, [{ key, limit: security.loginFailuresPerAccount, growing: true }]);
  if (blocked > 0) throw new ApiError('RATE_LIMITED');
  if (!(await verifyPassword(password, user.passwordHash))) throw new ApiError('PASSWORD_INCORRECT');
  await clearFailures(db, key);
}

/** When the user's PIN of this kind unlocks, or null when it is not locked (the withdrawal terms). */
export async function pinLockedUntil(db: Db, userId: bigint, kind: PinKind): Promise<number | null> {
  return (await blockedUntil(db, throttleKeys.pin(kind, userId)))?.getTime() ?? null;
}

/** PIN changes a user may make in an hour: far more than a person needs, few enough to guess nothing. */
export const PIN_CHANGES_PER_HOUR = 10;

/**
 * Whether `pin` is the user's PIN of `kind`, asked while setting the other one. The answer tells
 * whether a guess was right, so every change counts (PIN_CHANGES_PER_HOUR, then RATE_LIMITED):
 * without that, someone knowing one PIN could try the million values of the other freely.
 */
export async function isPinOf(db: Db, user: UserRow, kind: PinKind, pin: string): Promise<boolean> {
  const stored = pinHashOf(user, kind);
  if (stored === null) return false;
  const rule = { key: throttleKeys.pinSet(user.id), limit: PIN_CHANGES_PER_HOUR, growing: false };
  if ((await claimAttempt(db, [rule])) > 0) throw new ApiError('RATE_LIMITED');
  return isPinHash(stored) ? verifyPinHash(pinKeyOf(db), pin, stored) : verifyPassword(pin, stored);
}

export async function setPinHash(db: Db, userId: bigint, kind: PinKind, hash: string): Promise<void> {
  const values = kind === 'trade' ? { tradePasswordHash: hash } : { withdrawPasswordHash: hash };
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
