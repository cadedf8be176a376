import type { ErrorKey } from '../../domain/protocol/error-keys';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { lockUserRow } from './user-lock';

/** A cap on something a user keeps (domain/limits.ts): its size, its refusal, how many are held. */
export type UserCap = { max: number; key: ErrorKey; count: (tx: Db) => Promise<number> };

/**
 * Refuses with the cap's key and `{ max }` when `held` already fills it. Only for a count taken
 * where nothing else can add meanwhile: inside `createWithinCap`, or inside the trading writer,
 * whose jobs run one at a time.
 */
export function ensureRoom(held: number, cap: Pick<UserCap, 'max' | 'key'>): void {
  if (held >= cap.max) throw new ApiError(cap.key, { max: cap.max });
}

/**
 * Creates one more of something a user may keep at most `cap.max` of. The count and `create`
 * run in one transaction holding the user's row (lockUserRow), so of requests racing for the last
 * slot, over any number of nodes, one gets it and the rest hear the cap's key with nothing stored.
 * `create` is given the transaction and how many were held before it.
 */
export async function createWithinCap<T>(
  db: Db,
  userId: bigint,
  cap: UserCap,
  create: (tx: Db, held: number) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const held = await cap.count(tx);
    ensureRoom(held, cap);
    return create(tx, held);
  });
}
