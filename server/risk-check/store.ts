import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { KeyedQuestion, RiskCheckKind } from '../../domain/risk-check/question';
import type { Db } from '../db/client';
import { riskChecks } from '../db/schema/learn';

/**
 * A round as stored: the questions still open (with their answers), and the case they were built
 * from, so a wrong answer can be asked again on other numbers.
 */
export type StoredRound = {
  /** The position the questions are about (LeverageCase or OptionCase, as JSON). */
  basis: unknown;
  /** The leverages the broker allows: a retry draws another above 5×. */
  leverages: number[];
  open: KeyedQuestion[];
  /** How many question ids were handed out: new ids continue from it. */
  issued: number;
};

export type RoundRow = {
  id: bigint;
  userId: bigint;
  kind: RiskCheckKind;
  round: StoredRound;
  passedAt: number | null;
};

/** Whether the user has passed the check of this kind, on either account. */
export async function hasPassed(db: Db, userId: bigint, kind: RiskCheckKind): Promise<boolean> {
  const rows = await db
    .select({ id: riskChecks.id })
    .from(riskChecks)
    .where(and(eq(riskChecks.userId, userId), eq(riskChecks.kind, kind), isNotNull(riskChecks.passedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertRound(
  db: Db,
  userId: bigint,
  kind: RiskCheckKind,
  round: StoredRound,
  now: number,
): Promise<bigint> {
  const [row] = await db
    .insert(riskChecks)
    .values({ userId, kind, questions: round, createdAt: now })
    .returning({ id: riskChecks.id });
  if (!row) throw new Error('risk check insert returned nothing');
  return row.id;
}

/** The user's round, locked for the answer's transaction; null when it is not theirs. */
export async function lockRound(tx: Db, userId: bigint, id: bigint): Promise<RoundRow | null> {
  const [row] = await tx
    .select()
    .from(riskChecks)
    .where(and(eq(riskChecks.id, id), eq(riskChecks.userId, userId)))
    .for('update');
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind as RiskCheckKind,
    round: row.questions as StoredRound,
    passedAt: row.passedAt,
  };
}

export async function saveRound(
  tx: Db,
  id: bigint,
  round: StoredRound,
  wrong: boolean,
  passedAt: number | null,
): Promise<void> {
  await tx
    .update(riskChecks)
    .set({
      questions: round,
      passedAt,
      ...(wrong ? { mistakes: sql`${riskChecks.mistakes} + 1` } : {}),
    })
    .where(eq(riskChecks.id, id));
}

/** Rounds a user keeps (answered or not): the oldest unpassed ones beyond it are dropped on a start. */
export const ROUNDS_KEPT = 20;

/** Drops the user's unpassed rounds of this kind beyond the newest ROUNDS_KEPT. */
export async function pruneRounds(db: Db, userId: bigint, kind: RiskCheckKind): Promise<void> {
  const keep = await db
    .select({ id: riskChecks.id })
    .from(riskChecks)
    .where(and(eq(riskChecks.userId, userId), eq(riskChecks.kind, kind)))
    .orderBy(desc(riskChecks.id))
    .limit(ROUNDS_KEPT);
  const oldest = keep.at(-1)?.id;
  if (keep.length < ROUNDS_KEPT || oldest === undefined) return;
  await db.execute(
    sql`delete from ${riskChecks} where user_id = ${userId} and kind = ${kind} and passed_at is null and id < ${oldest}`,
  );
}
