import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * An advisory lock between the trading writer's batches and the passes that post to several
 * users' accounts one after another (IPO, offline-IPO and ICO allocations). Both lock users'
 * accounts in rounds, each in its own order (a batch in its jobs' order, a pass in its
 * applicants'), so one could hold a user the other waits for while it waits for one the other
 * holds: PostgreSQL ends that after deadlock_timeout with 40P01. A batch takes this lock shared,
 * as the FROM item of its first statement, before any row that statement locks
 * (server/trading/writer.ts); a pass takes it exclusively before its first posting, so it waits
 * for the running batch and the next batches wait for it, trading included: keep passes short.
 * An advisory lock writes nothing: the batches' share of it costs no WAL and no row.
 */
export const PASS_BARRIER_KEY = 0x5ea_75_0001;

/** For a pass that posts to several users' accounts one after another: no batch runs meanwhile. */
export async function excludeWriterBatches(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PASS_BARRIER_KEY))}::bigint)`);
}
