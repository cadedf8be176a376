import { desc, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '../../domain/time';
import type { Db } from '../db/client';
import { marketRecordDays, marketRecords } from '../db/schema/replay';
import { readSetting } from '../settings';

/** A recorded session: an Istanbul day, the symbols recorded on it, from when to when. */
export type RecordedSession = { day: string; from: number; to: number; symbols: string[] };

/** How often records past their retention are forgotten. */
export const REPLAY_PURGE_MS = 60 * 60_000;

/** The recorded days, newest first (the days table: a read of a few rows, never of the records). */
export async function listSessions(db: Db): Promise<RecordedSession[]> {
  const rows = await db
    .select({
      day: marketRecordDays.day,
      from: sql<string>`min(${marketRecordDays.from})`,
      to: sql<string>`max(${marketRecordDays.to})`,
      symbols: sql<string[]>`array_agg(${marketRecordDays.symbol} order by ${marketRecordDays.symbol})`,
    })
    .from(marketRecordDays)
    .groupBy(marketRecordDays.day)
    .orderBy(desc(marketRecordDays.day));
  return rows.map((r) => ({ day: r.day, from: Number(r.from), to: Number(r.to), symbols: r.symbols }));
}

/** One recorded day, or undefined. */
export async function sessionOf(db: Db, day: string): Promise<RecordedSession | undefined> {
  return (await listSessions(db)).find((s) => s.day === day);
}

/** Rows per delete statement: short statements, never one long one against the recorder's writes. */
const PURGE_BATCH = 2_000;

/**
 * Forgets records older than the retention (days before `now`, a setting), batch by batch, and
 * the days left with none. Resolves to the records removed.
 */
export async function purgeRecords(db: Db, now: number): Promise<number> {
  const { retentionDays } = await readSetting(db, 'replay');
  const before = now - retentionDays * DAY_MS;
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: marketRecords.id })
      .from(marketRecords)
      .where(lt(marketRecords.t1, before))
      .limit(PURGE_BATCH);
    const gone = await db
      .delete(marketRecords)
      .where(sql`${marketRecords.id} in ${batch}`)
      .returning({ id: marketRecords.id });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) break;
  }
  await db.delete(marketRecordDays).where(lt(marketRecordDays.to, before));
  return purged;
}
