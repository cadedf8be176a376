import { and, asc, count, eq } from 'drizzle-orm';
import type { Passkey } from '../../../domain/protocol/passkeys';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { ApiError } from '../../http/errors';
import type { UserCap } from '../../accounts/user-cap';
import { LIMITS } from '../../../domain/limits';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Per user (domain/limits.ts). */
export const MAX_PASSKEYS = LIMITS.passkeys;

/** The user's passkeys, at most MAX_PASSKEYS (server/accounts/user-cap.ts). */
export const passkeyCap = (userId: bigint): UserCap => ({
  max: MAX_PASSKEYS,
  key: 'PASSKEY_LIMIT',
  count: (tx) => passkeyCount(tx, userId),
});

export function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: String(row.id),
    name: row.name,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.getTime() : null,
  };
}

export async function userPasskeys(db: Db, userId: bigint): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function passkeyCount(db: Db, userId: bigint): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function passkeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Removes one of the user's own passkeys; another user's id is as unknown as a missing one. */
export async function deletePasskey(db: Db, userId: bigint, id: bigint): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new ApiError('PASSKEY_NOT_FOUND');
}
