import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ipoApplications } from '../../db/schema/primary';
import { announceRecord } from '../../record-events';
import { applicationStatusOf, type OfferingRow } from './terms';

/**
 * The open screens of applications a pass just moved on (allocated, refunded, lapsed, listed):
 * each row as it now is, its status as the applications list spells it at `now`.
 */
export async function announceApplications(
  db: Db,
  offering: OfferingRow,
  told: readonly { id: bigint }[],
  now: number,
): Promise<void> {
  if (told.length === 0) return;
  const rows = await db
    .select()
    .from(ipoApplications)
    .where(
      inArray(
        ipoApplications.id,
        told.map((t) => t.id),
      ),
    );
  for (const row of rows) announceRecord(row, 'ipo', row.id, applicationStatusOf(offering, row, now));
}
