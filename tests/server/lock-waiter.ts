import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/**
 * Until `atLeast` other connections of this database wait for a lock: the interleaving a test
 * sets up happened. Fails after 10 s rather than let the test run without it. PostgreSQL only.
 */
export async function lockWaiter(db: Database['db'], atLeast = 1): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((r as unknown as { rows: { n: number }[] }).rows[0]!.n >= atLeast) return;
    if (Date.now() > deadline)
      throw new Error('no connection came to wait for a lock: the interleaving did not happen');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
