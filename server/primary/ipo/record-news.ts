import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ipoApplications } from '../../db/schema/primary';
import type { RecordNews } from '../lifecycle/announce';
import { applicationStatusOf, type ApplicationRow, type OfferingRow } from './terms';

/** How the IPO's applications reach their open screens, status as the applications list spells it at `now`. */
export function ipoRecords(offering: OfferingRow, now: number): RecordNews<ApplicationRow> {
  return {
    area: 'ipo',
    read: (db: Db, ids: bigint[]) =>
      db.select().from(ipoApplications).where(inArray(ipoApplications.id, ids)),
    statusOf: (row) => applicationStatusOf(offering, row, now),
  };
}
