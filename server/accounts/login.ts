import { eq } from 'drizzle-orm';
import type { LoginAnswer } from '../../domain/protocol/account';
import type { SecurityConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { issueTokenPair } from '../auth/tokens';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { profileOf, userByAccount, type UserRow } from './profile';
import { claimAttempt, clearFailures, recordFailure, throttleKeys } from './throttle';

/** Signs a user in: both tokens and the profile, as login and registration answer. */
export async function signIn(db: Db, security: SecurityConfig, user: UserRow): Promise<LoginAnswer> {
  const tokens = await issueTokenPair(db, security, user.id);
  return {
    userToken: tokens.real,
    userTokenReal: tokens.real,
    userTokenDemo: tokens.demo,
    user: profileOf(user),
  };
}

/**
 * An unknown account, a wrong password and a disabled user all answer
 * LOGIN_FAILED after the same scrypt work. Failures count per account and per IP; a blocked
 * key answers LOGIN_THROTTLED before any password is looked at, even a right one.
 */
export async function logIn(
  db: Db,
  security: SecurityConfig,
  attempt: { account: string; password: string; ip: string },
): Promise<LoginAnswer> {
  const accountKey = throttleKeys.loginAccount(attempt.account);
  const ipKey = throttleKeys.loginIp(attempt.ip);
  // The account's attempt is counted before the password is compared, so a burst of guesses
  // cannot all pass the check; the IP's (shared by everyone behind it) only when it was wrong.
  const accountRule = { key: accountKey, limit: security.loginFailuresPerAccount, growing: true };
  const blocked = await claimAttempt(db, [accountRule], [ipKey]);
  if (blocked > 0) throw new ApiError('LOGIN_THROTTLED', { seconds: blocked, count: blocked });

  const user = await userByAccount(db, attempt.account);
  let ok = false;
  if (user) ok = await verifyPassword(attempt.password, user.passwordHash);
  else await burnPasswordCheck(attempt.password, security.scryptN);
  if (!ok || !user) {
    await recordFailure(db, [{ key: ipKey, limit: security.loginFailuresPerIp, growing: true }]);
    throw new ApiError('LOGIN_FAILED');
  }
  // The right password is not a guess: the attempt counted above is forgotten with the rest. For
  // a disabled user, who is refused, too: nothing to count, nothing to open.
  await clearFailures(db, accountKey);
  if (user.status !== 1) throw new ApiError('LOGIN_FAILED');
  if (needsRehash(user.passwordHash, security.scryptN)) {
    const passwordHash = await hashPassword(attempt.password, security.scryptN);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  return signIn(db, security, user);
}
