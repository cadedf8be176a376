import type { SecurityConfig } from '../../config';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { blockedSeconds, claimAttempt, clearFailures, throttleKeys } from '../../accounts/throttle';

/**
 * Every options request stores a challenge row, so each is counted with the password sign-in's
 * counters and limits (server/accounts/throttle.ts): a sign-in's per address, as no account is
 * named yet (LOGIN_FAILURES_PER_IP an hour), a registration's per signed-in user
 * (LOGIN_FAILURES_PER_ACCOUNT an hour, forgotten once a passkey is added). A plain budget, not
 * the growing delay that slows a guesser: asking for a challenge guesses nothing. Past it the
 * caller hears RATE_LIMITED for the rest of the hour and nothing is stored.
 */
const optionsKeys = {
  ip: (ip: string) => `passkey-options:ip:${ip}`,
  user: (userId: bigint) => `passkey-options:user:${userId}`,
};

export async function claimLoginOptions(
  db: Db,
  security: SecurityConfig,
  ip: string,
  now: Date,
): Promise<void> {
  // An address blocked for failed sign-ins gets no challenges either.
  const blocked = await blockedSeconds(db, [throttleKeys.loginIp(ip)], now);
  if (blocked > 0) throw new ApiError('LOGIN_THROTTLED', { seconds: blocked, count: blocked });
  const rule = { key: optionsKeys.ip(ip), limit: security.loginFailuresPerIp, growing: false };
  if ((await claimAttempt(db, [rule], [], now)) > 0) throw new ApiError('RATE_LIMITED');
}

export async function claimRegistrationOptions(
  db: Db,
  security: SecurityConfig,
  userId: bigint,
  now: Date,
): Promise<void> {
  const rule = { key: optionsKeys.user(userId), limit: security.loginFailuresPerAccount, growing: false };
  if ((await claimAttempt(db, [rule], [], now)) > 0) throw new ApiError('RATE_LIMITED');
}

/** A passkey added: the user's options requests were no abuse. */
export async function forgetRegistrationOptions(db: Db, userId: bigint): Promise<void> {
  await clearFailures(db, optionsKeys.user(userId));
}
