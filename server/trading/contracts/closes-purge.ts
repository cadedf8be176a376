import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractCloses } from '../../db/schema/trading';

/** How often the purge looks (an owned job, server/jobs.ts): a day's rows are small. */
export const CLOSES_PASS_MS = 60 * 60_000;

/**
 * How long a close is kept. Its only reader is the day P&L, which counts the closes since the
 * coin reference, 24 h before now (server/portfolio/day-cash.ts); a close older than that is
 * never read again. A second day is kept so a clock step or a reference moved later by a day
 * still finds every close it asks for. Each close's money is in the ledger and its prices in
 * the position's row and fills: nothing a user sees comes from this table alone.
 */
export const CLOSE_RETENTION_MS = 48 * 3_600_000;

/** Rows per delete statement: short statements, never a long lock against closing positions. */
const BATCH = 500;

/**
 * One round of the purge at `now` (the trading clock, which stamps `at`): deletes the closes
 * older than their retention, batch by batch. Answers how many went.
 */
export async function purgeContractCloses(db: Db, now: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: contractCloses.id })
      .from(contractCloses)
      .where(lt(contractCloses.at, now - CLOSE_RETENTION_MS))
      .limit(BATCH);
    const gone = await db
      .delete(contractCloses)
      .where(inArray(contractCloses.id, batch))
      .returning({ id: contractCloses.id });
    purged += gone.length;
    if (gone.length < BATCH) return purged;
  }
}
