import { and, eq, ne, or } from 'drizzle-orm';
import { ID_STATUSES, type IdStatus } from '../../domain/protocol/user';
import type { UserProfile } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { sessionInvalid } from '../http/errors';

export type UserRow = typeof users.$inferSelect;

export function idStatusOf(value: string): IdStatus {
  return (ID_STATUSES as readonly string[]).includes(value) ? (value as IdStatus) : 'none';
}

/** The user as they may see themselves: whether PINs are set, never the hashes. */
export function profileOf(user: UserRow): UserProfile {
  return {
    id: String(user.id),
    account: user.account,
    accountKind: user.accountKind === 'phone' ? 'phone' : 'email',
    email: user.email,
    phone: user.phone,
    nickname: user.nickname,
    status: user.status,
    idStatus: idStatusOf(user.idStatus),
    investorType: user.investorType === 'hni' ? 'hni' : 'regular',
    openAutoApply: user.openAutoApply === 1 ? 1 : 0,
    tradePasswordSet: user.tradePasswordHash !== null,
    withdrawPasswordSet: user.withdrawPasswordHash !== null,
    confirmOrdersWithTradePassword: user.confirmOrdersWithTradePassword,
    inviteCode: user.inviteCode,
    createdAt: user.createdAt.getTime(),
  };
}

/** The session's user; a session whose user vanished is no session. */
export async function sessionUser(db: Db, userId: bigint): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw sessionInvalid();
  return user;
}

export async function userByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.account, account));
  return user;
}

/** True when another user signs in with, or receives mail at, this address. */
export async function emailTaken(db: Db, email: string, exceptUserId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.account, email), eq(users.email, email)), ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** A unique-constraint violation (23505), however the driver and drizzle wrap it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      const text = `${String(candidate.constraint ?? '')} ${String(candidate.message ?? '')}`;
      return text.includes(constraint);
    }
    e = candidate.cause;
  }
  return false;
}
