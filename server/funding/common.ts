import { and, desc, eq } from 'drizzle-orm';
import { amountProblem, type AmountRules } from '../../domain/funding/amounts';
import { hoursAt } from '../../domain/funding/hours';
import type { FundingHours } from '../../domain/protocol/funding';
import type { AppConfig } from '../app-config';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { users } from '../db/schema/users';
import { eventsOf } from '../app-state';
import { ApiError } from '../http/errors';
import { withUnits } from '../i18n';
import { userBalances } from '../ledger/balances';
import { readSetting } from '../settings';

/** What every funding action works with: the database, the configuration and the engines' clock. */
export type FundingEnv = { db: Db; config: AppConfig; now: number };

/** Deposits and withdrawals move real money only: a demo token is refused (SPEC's message). */
export function requireReal(session: Session): void {
  if (session.accountType !== 'real') throw new ApiError('DEMO_NOT_ALLOWED');
}

/** The funding hours now, as the wire shows them; the sandbox switch opens them whatever the setting. */
export async function fundingHours(env: FundingEnv): Promise<FundingHours> {
  const setting = (await readSetting(env.db, 'funding')).hours;
  const alwaysOpen = setting.alwaysOpen || env.config.funding.alwaysOpen;
  const state = hoursAt({ ...setting, alwaysOpen }, env.now);
  return { alwaysOpen, days: [...setting.days], from: setting.from, to: setting.to, ...state };
}

export async function requireOpen(env: FundingEnv): Promise<void> {
  if (!(await fundingHours(env)).open) throw new ApiError('FUNDING_CLOSED');
}

/**
 * The amount's first problem as its localized error (domain/funding/amounts decides the order),
 * its limits in `currency`: "En düşük tutar 100 TRY", not "100".
 */
export function checkAmount(amount: string, rules: Omit<AmountRules, 'unit'>, currency: string): void {
  const problem = amountProblem(amount, { ...rules, unit: currency });
  if (problem) throw new ApiError(problem.key, withUnits(problem.params, { min: currency, max: currency }));
}

/** Written in a bank transfer's description so the operator can match it: per user, stable. */
export function referenceCodeOf(userId: bigint): string {
  return `SNS${userId}`;
}

/** The name of the user's verified identity, or null before KYC is verified. */
export async function verifiedName(db: Db, userId: bigint): Promise<string | null> {
  const [user] = await db.select({ idStatus: users.idStatus }).from(users).where(eq(users.id, userId));
  if (user?.idStatus !== 'succ') return null;
  const [row] = await db
    .select({ fullName: kycSubmissions.fullName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'succ')))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row?.fullName ?? null;
}

/** Names compare as Turkish readers do: İ/i and I/ı fold in Turkish, spaces and case do not count. */
export function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.normalize('NFC').toLocaleUpperCase('tr-TR').replace(/\s+/g, '');
  return fold(a) === fold(b);
}

/** After a committed posting: the real account's balances on the user's private channel. */
export async function announceRealBalances(db: Db, userId: bigint, now: number): Promise<void> {
  const balances = await userBalances(db, userId, 'real', now);
  eventsOf(db).publish({ userId, accountType: 'real' }, 'balances', { accountType: 'real', balances });
}

/** Row ids are bigints in the database and strings on the wire. */
export const idOf = (value: bigint | null): string | null => (value === null ? null : String(value));
