import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ipoStatus } from '../../domain/ipo/lifecycle';
import { int, rowId } from '../../domain/validation/fields';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../db/schema/primary';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { loadOffering } from '../primary/ipo/reads';
import { applicationStatusOf, windowOf } from '../primary/ipo/terms';
import { defineOperatorRoute } from './define';
import { operatorIpoScheduleRoutes } from './ipo-schedule-routes';

/**
 * IPOs through the operator CLI (DECISIONS §2: staff act through audited commands).
 * Closing early stops applications now; the IPO pass then allocates at once (allocationDueAt).
 */
export const operatorIpoRoutes = [
  defineOperatorRoute({
    path: 'ipos',
    action: 'ipo.list',
    input: z.object({ limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const counts = await db
        .select({
          ipoId: ipoApplications.ipoId,
          accountType: ipoApplications.accountType,
          n: sql<number>`count(*)::int`,
          lots: sql<string>`sum(${ipoApplications.lots})::text`,
        })
        .from(ipoApplications)
        .groupBy(ipoApplications.ipoId, ipoApplications.accountType);
      const rows = await db.select().from(ipoOfferings).orderBy(desc(ipoOfferings.id)).limit(input.limit);
      return rows.map((r) => {
        const real = counts.find((c) => c.ipoId === r.id && c.accountType === 'real');
        return {
          id: String(r.id),
          symbol: r.symbol,
          status: ipoStatus(windowOf(r), now),
          method: r.method,
          issuePrice: canonical(r.issuePrice),
          lotsRetail: r.lotsRetail,
          applicants: Number(real?.n ?? 0),
          requestedLots: real?.lots ?? '0',
          subscribeStart: new Date(r.subscribeStart).toISOString(),
          subscribeEnd: new Date(r.subscribeEnd).toISOString(),
          closedAt: r.closedAt === null ? null : new Date(r.closedAt).toISOString(),
          listingAt: new Date(r.listingAt).toISOString(),
        };
      });
    },
  }),
  defineOperatorRoute({
    path: 'ipo-applications',
    action: 'ipo.applications',
    input: z.object({ id: rowId, limit: int({ min: 1, max: 1000 }).default(200) }),
    target: (input) => `ipo:${input.id}`,
    run: async ({ db, input, now: clock }) => {
      const offering = await loadOffering(db, input.id);
      const rows = await db
        .select()
        .from(ipoApplications)
        .where(eq(ipoApplications.ipoId, input.id))
        .orderBy(asc(ipoApplications.appliedAt), asc(ipoApplications.id))
        .limit(input.limit);
      const now = clock();
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.userId),
        accountType: r.accountType,
        status: applicationStatusOf(offering, r, now),
        lots: r.lots,
        held: canonical(r.held),
        allottedLots: r.allottedLots,
        charged: canonical(r.charged),
        refunded: canonical(r.refunded),
        auto: r.auto,
        appliedAt: new Date(r.appliedAt).toISOString(),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'ipo-close',
    action: 'ipo.close',
    input: z.object({ id: rowId }),
    target: (input) => `ipo:${input.id}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const offering = await loadOffering(db, input.id);
      const status = ipoStatus(windowOf(offering), now);
      if (status !== 'subscribing') throw new ApiError('IPO_NOT_SUBSCRIBING', { status });
      const [done] = await db
        .update(ipoOfferings)
        .set({ closedAt: now })
        .where(and(eq(ipoOfferings.id, input.id), isNull(ipoOfferings.closedAt)))
        .returning({ id: ipoOfferings.id });
      if (!done) throw new ApiError('IPO_NOT_SUBSCRIBING', { status: 'allocating' });
      const allocated = await db.select().from(ipoAllocations).where(eq(ipoAllocations.ipoId, input.id));
      return { id: String(input.id), closedAt: now, allocated: allocated.length > 0 };
    },
  }),
  ...operatorIpoScheduleRoutes,
];
