import type { Db } from '../db/client';
import { operatorAudit } from '../db/schema/system';

/** DECISIONS §2: every staff action leaves a row saying what was done, to what, and how it ended. */
export async function audit(
  db: Db,
  entry: { action: string; target?: string | null; params?: Record<string, unknown>; result: string },
): Promise<void> {
  await db.insert(operatorAudit).values({
    action: entry.action,
    target: entry.target ?? null,
    params: entry.params ?? {},
    result: entry.result,
  });
}
