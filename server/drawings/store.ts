import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DrawingRow, drawingSaveSchema } from '../../domain/protocol/endpoints/drawings';
import type { Db } from '../db/client';
import { chartDrawings } from '../db/schema/drawings';
import { ApiError } from '../http/errors';
import { createWithinCap, type UserCap } from '../accounts/user-cap';
import { LIMITS } from '../../domain/limits';

/** Lines per user over all symbols (domain/limits.ts). */
export const DRAWINGS_MAX = LIMITS.drawings;

const DRAWING_CAP = (userId: bigint): UserCap => ({
  max: DRAWINGS_MAX,
  key: 'DRAWING_LIMIT',
  count: async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(chartDrawings)
      .where(eq(chartDrawings.userId, userId));
    return held?.n ?? 0;
  },
});

export type DrawingInput = z.output<typeof drawingSaveSchema>;
type Stored = typeof chartDrawings.$inferSelect;

function toRow(row: Stored): DrawingRow {
  return {
    id: String(row.id),
    symbol: row.symbol,
    kind: row.kind,
    price: row.price,
    time: row.t1,
    price2: row.price2,
    time2: row.t2,
  };
}

/** The user's lines on one symbol, oldest first (the order they are painted in). */
export async function listDrawings(db: Db, userId: bigint, symbol: string): Promise<DrawingRow[]> {
  const rows = await db
    .select()
    .from(chartDrawings)
    .where(and(eq(chartDrawings.userId, userId), eq(chartDrawings.symbol, symbol)))
    .orderBy(asc(chartDrawings.id));
  return rows.map(toRow);
}

/**
 * A new line, or the user's own line moved. Another user's id, or one on another symbol, is
 * not found: nobody learns that someone else's drawing exists.
 */
export async function saveDrawing(
  db: Db,
  userId: bigint,
  input: DrawingInput,
  now: number,
): Promise<DrawingRow> {
  const shape =
    input.kind === 'hline'
      ? { kind: input.kind, price: input.price, t1: null, price2: null, t2: null }
      : { kind: input.kind, price: input.price, t1: input.time, price2: input.price2, t2: input.time2 };
  if (input.id !== undefined) {
    const [moved] = await db
      .update(chartDrawings)
      .set(shape)
      .where(
        and(
          eq(chartDrawings.id, input.id),
          eq(chartDrawings.userId, userId),
          eq(chartDrawings.symbol, input.symbol),
        ),
      )
      .returning();
    if (!moved) throw new ApiError('DRAWING_NOT_FOUND');
    return toRow(moved);
  }
  return createWithinCap(db, userId, DRAWING_CAP(userId), async (tx) => {
    const [created] = await tx
      .insert(chartDrawings)
      .values({ userId, symbol: input.symbol, ...shape, createdAt: now })
      .returning();
    return toRow(created!);
  });
}

/** Removes the user's own line; another's id, or one already gone, is not found. */
export async function deleteDrawing(db: Db, userId: bigint, id: bigint): Promise<void> {
  const removed = await db
    .delete(chartDrawings)
    .where(and(eq(chartDrawings.id, id), eq(chartDrawings.userId, userId)))
    .returning({ id: chartDrawings.id });
  if (removed.length === 0) throw new ApiError('DRAWING_NOT_FOUND');
}
