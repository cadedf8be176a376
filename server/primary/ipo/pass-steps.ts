import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client';
import { ipoApplications } from '../../db/schema/primary';
import { listAllotment } from '../allotment';
import { lockedStep, type Told } from '../lifecycle/locked-step';
import { releaseRest, STOCK_HOLD } from '../lifecycle/release-rest';
import type { IpoNews } from './notify';
import { paymentModeOf, type ApplicationRow, type OfferingRow } from './terms';

/** An allocated application's step of the IPO pass; null when a fresh read finds it done. */
export type ApplicationStep = (
  db: Db,
  offering: OfferingRow,
  row: ApplicationRow,
  now: number,
) => Promise<Told<IpoNews> | null>;

const lockApplication = (id: bigint) => async (tx: Db) =>
  (await tx.select().from(ipoApplications).where(eq(ipoApplications.id, id)).for('update'))[0];

/** Releases what the allotment did not take, on the refund date. */
export const refund: ApplicationStep = (db, offering, row, now) =>
  lockedStep<ApplicationRow, IpoNews>(
    db,
    lockApplication(row.id),
    (fresh) => fresh.refundedAt === null && fresh.allocatedAt !== null,
    async (tx, fresh) => {
      const rest = new Decimal(fresh.held).minus(fresh.charged);
      const released = await releaseRest(
        tx,
        STOCK_HOLD,
        fresh,
        'ipo_application',
        rest,
        `${offering.symbol} refund`,
      );
      await tx
        .update(ipoApplications)
        .set({ ...released, refundedAt: now })
        .where(eq(ipoApplications.id, fresh.id));
      return null;
    },
  );

/**
 * A pay-after allotment not paid by the deadline lapses: no money moved, so nothing is posted; the
 * row records that the user was told, once. The status itself comes from the dates
 * (domain/ipo/lifecycle), so it reads "lapsed" from the deadline on, told or not.
 */
export const lapse: ApplicationStep = (db, offering, row, now) =>
  lockedStep<ApplicationRow, IpoNews>(
    db,
    lockApplication(row.id),
    (fresh) => fresh.lapsedAt === null && fresh.paidAt === null,
    async (tx, fresh) => {
      await tx.update(ipoApplications).set({ lapsedAt: now }).where(eq(ipoApplications.id, fresh.id));
      return { kind: 'lapsed', symbol: offering.symbol, lots: fresh.allottedLots ?? '0' };
    },
  );

/** Listing day: the allotment's shares delivered, or their lock re-dated (../allotment.ts). */
export const list: ApplicationStep = (db, offering, row, now) =>
  lockedStep<ApplicationRow, IpoNews>(
    db,
    lockApplication(row.id),
    // A pay-after allotment is delivered only once paid; an unpaid one lapsed (see `lapse`).
    (fresh) =>
      fresh.listedAt === null &&
      fresh.allottedLots !== null &&
      !(paymentModeOf(offering) === 'pay_after' && fresh.paidAt === null),
    async (tx, fresh) => {
      const listed = await listAllotment(tx, 'ipo_application', fresh, offering, now);
      await tx.update(ipoApplications).set(listed).where(eq(ipoApplications.id, fresh.id));
      return null;
    },
  );
