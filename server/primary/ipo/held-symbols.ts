import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { ownedBy } from '../../db/owned';

/**
 * The stocks the session's account received in an IPO allotment (delivered when paid for, before
 * or after their listing): the position screen's IPO tab lists the holdings of these (SPEC §4:
 * ordinary, IPO, option, locked).
 */
export async function ipoDeliveredSymbols(db: Db, session: Session): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ symbol: ipoOfferings.symbol })
    .from(ipoApplications)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoApplications.ipoId))
    .where(
      and(
        ownedBy(ipoApplications, session),
        isNotNull(ipoApplications.listingTxId),
        gt(ipoApplications.allottedLots, '0'),
      ),
    );
  return new Set(rows.map((r) => r.symbol));
}
