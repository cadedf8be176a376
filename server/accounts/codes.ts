import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/format/locale';
import type { SecurityConfig } from '../config';
import type { Db } from '../db/client';
import { outbox, verificationCodes } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { codeMessage, type CodePurpose } from './code-text';

export type { CodePurpose };
export type Channel = 'email' | 'phone';

/** Codes are stored as `salt$sha256(salt + code)`: a leaked table does not hand out live codes. */
function hashCode(code: string, salt = randomBytes(16).toString('base64url')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const salt = stored.split('$')[0] ?? '';
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function channelOf(account: string): Channel {
  return account.startsWith('+') ? 'phone' : 'email';
}

/**
 * Makes a new code for target+purpose and puts its text in the outbox, unless one was made
 * within `codeResendSeconds` (CODE_RATE_LIMITED). With `deliver: false` the code is recorded
 * but goes nowhere: a reset for an unknown account behaves exactly like a real one to the
 * caller (same answer, same rate limit) without revealing whether the account exists.
 */
export async function issueCode(
  db: Db,
  security: SecurityConfig,
  request: { target: string; purpose: CodePurpose; locale: Locale; deliver: boolean },
): Promise<{ resendAfterSeconds: number }> {
  const { target, purpose } = request;
  const now = new Date();
  await db.transaction(async (tx) => {
    // One sender per target+purpose at a time, so two quick requests cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${target}`}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + security.codeResendSeconds * 1000 - now.getTime() : 0;
    const seconds = Math.ceil(waitMs / 1000);
    if (waitMs > 0) throw new ApiError('CODE_RATE_LIMITED', { seconds, count: seconds });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const channel = channelOf(target);
    await tx.insert(verificationCodes).values({
      channel,
      target,
      purpose,
      codeHash: hashCode(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + security.codeTtlSeconds * 1000),
    });
    if (request.deliver) {
      const message = codeMessage(request.locale, purpose, code, security.codeTtlSeconds);
      await tx.insert(outbox).values({ channel, target, ...message, createdAt: now });
    }
  });
  return { resendAfterSeconds: security.codeResendSeconds };
}

/**
 * Checks a code against the newest unconsumed one for target+purpose and returns its id for
 * `consumeCode`. Every check spends one of the code's tries first (atomically, so parallel
 * guesses cannot exceed `codeMaxAttempts`); a wrong code → CODE_INCORRECT, an expired one →
 * CODE_EXPIRED, one whose tries are spent → CODE_ATTEMPTS_EXCEEDED (it said "expired" to a user
 * who had just mistyped it five times). The spent try is meant to outlive the rejected request.
 */
export async function checkCode(
  db: Db,
  security: SecurityConfig,
  request: { target: string; purpose: CodePurpose; code: string },
): Promise<bigint> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, request.target),
        eq(verificationCodes.purpose, request.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!row) throw new ApiError('CODE_INCORRECT');
  if (row.expiresAt.getTime() <= Date.now()) throw new ApiError('CODE_EXPIRED');
  const spent = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        lt(verificationCodes.attempts, security.codeMaxAttempts),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw new ApiError('CODE_ATTEMPTS_EXCEEDED');
  if (!codeMatches(request.code, row.codeHash)) throw new ApiError('CODE_INCORRECT');
  return row.id;
}

/** Marks a checked code used, inside the caller's transaction; a code is good for one use only. */
export async function consumeCode(tx: Db, codeId: bigint): Promise<void> {
  const used = await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new ApiError('CODE_EXPIRED');
}
