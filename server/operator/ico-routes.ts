import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ipoStatus } from '../../domain/ipo/lifecycle';
import { int, rowId } from '../../domain/validation/fields';
import { icoAllocations, icoCommitments, icoOfferings } from '../db/schema/ico';
import { ApiError } from '../http/errors';
import { createIco } from '../primary/ico/create';
import { loadIco } from '../primary/ico/reads';
import { canonicalDecimal, commitmentStatusOf } from '../primary/ico/terms';
import { windowOf } from '../primary/ipo/terms';
import { catalogue, ICO_COINS } from '../market/catalogue';
import { dateOf } from './dates';
import { defineOperatorRoute } from './define';

/**
 * Coin ICOs through the operator CLI (DECISIONS §2: staff act through audited commands):
 * list sales and commitments, close a window early (the ICO pass then allocates at once), create.
 */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const text = z.string().trim().min(1).max(200);

/** The coins the catalogue trades from the start (every USDT pair but the coin sales' tokens). */
const TRADED_TOKENS: ReadonlySet<string> = new Set(
  catalogue('default')
    .map((entry) => entry.instrument)
    .filter((i) => i.market === 'coin' && i.quote === 'USDT' && !ICO_COINS.some(([s]) => s === i.symbol))
    .flatMap((i) => (i.base ? [i.base] : [])),
);

export const operatorIcoRoutes = [
  defineOperatorRoute({
    path: 'icos',
    action: 'ico.list',
    input: z.object({ limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const totals = await db
        .select({
          icoId: icoCommitments.icoId,
          n: sql<number>`count(*)::int`,
          total: sql<string>`sum(${icoCommitments.amount})::text`,
        })
        .from(icoCommitments)
        .where(eq(icoCommitments.accountType, 'real'))
        .groupBy(icoCommitments.icoId);
      const rows = await db.select().from(icoOfferings).orderBy(desc(icoOfferings.id)).limit(input.limit);
      return rows.map((r) => {
        const real = totals.find((c) => c.icoId === r.id);
        return {
          id: String(r.id),
          token: r.token,
          status: ipoStatus(windowOf(r), now),
          tokenPrice: canonicalDecimal(r.tokenPrice),
          tokensOffered: canonicalDecimal(r.tokensOffered),
          committers: Number(real?.n ?? 0),
          totalCommitted: canonicalDecimal(real?.total ?? '0'),
          subscribeStart: iso(r.subscribeStart),
          subscribeEnd: iso(r.subscribeEnd),
          closedAt: iso(r.closedAt),
          listingAt: iso(r.listingAt),
        };
      });
    },
  }),
  defineOperatorRoute({
    path: 'ico-commitments',
    action: 'ico.commitments',
    input: z.object({ id: rowId, limit: int({ min: 1, max: 1000 }).default(200) }),
    target: (input) => `ico:${input.id}`,
    run: async ({ db, input }) => {
      await loadIco(db, input.id);
      const rows = await db
        .select()
        .from(icoCommitments)
        .where(eq(icoCommitments.icoId, input.id))
        .orderBy(asc(icoCommitments.committedAt), asc(icoCommitments.id))
        .limit(input.limit);
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.userId),
        accountType: r.accountType,
        status: commitmentStatusOf(r),
        committed: canonicalDecimal(r.amount),
        tokens: r.tokens === null ? null : canonicalDecimal(r.tokens),
        spent: canonicalDecimal(r.spent),
        refunded: canonicalDecimal(r.refunded),
        committedAt: iso(r.committedAt),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'ico-close',
    action: 'ico.close',
    input: z.object({ id: rowId }),
    target: (input) => `ico:${input.id}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const ico = await loadIco(db, input.id);
      const status = ipoStatus(windowOf(ico), now);
      if (status !== 'subscribing') throw new ApiError('ICO_NOT_SUBSCRIBING', { status });
      const [done] = await db
        .update(icoOfferings)
        .set({ closedAt: now })
        .where(and(eq(icoOfferings.id, input.id), isNull(icoOfferings.closedAt)))
        .returning({ id: icoOfferings.id });
      if (!done) throw new ApiError('ICO_NOT_SUBSCRIBING', { status: 'allocating' });
      const allocated = await db.select().from(icoAllocations).where(eq(icoAllocations.icoId, input.id));
      return { id: String(input.id), closedAt: now, allocated: allocated.length > 0 };
    },
  }),
  defineOperatorRoute({
    path: 'ico-create',
    action: 'ico.create',
    input: z.object({
      token: z.string().trim().toUpperCase(),
      name: text,
      tokenPrice: z.string(),
      tokensOffered: z.string(),
      tokenScale: int({ min: 0, max: 18 }),
      minCommit: z.string(),
      maxCommit: z.string().optional(),
      subscribeStart: z.string(),
      subscribeEnd: z.string(),
      allocationAt: z.string().optional(),
      refundAt: z.string().optional(),
      listingAt: z.string(),
      summaryTr: text.optional(),
      summaryEn: text.optional(),
    }),
    target: (input) => `ico:${input.token}`,
    run: async ({ db, input, now }) => {
      const end = dateOf('subscribeEnd', input.subscribeEnd);
      // Launchpad's default: allocated and refunded when the window ends.
      const allocationAt = input.allocationAt ? dateOf('allocationAt', input.allocationAt) : end;
      const summary = input.summaryTr ?? input.name;
      const id = await createIco(
        db,
        {
          token: input.token,
          name: input.name,
          summary: { 'tr-TR': summary, 'en-US': input.summaryEn ?? summary },
          tokenPrice: input.tokenPrice,
          tokensOffered: input.tokensOffered,
          tokenScale: input.tokenScale,
          minCommit: input.minCommit,
          maxCommit: input.maxCommit ?? null,
          subscribeStart: dateOf('subscribeStart', input.subscribeStart),
          subscribeEnd: end,
          allocationAt,
          refundAt: input.refundAt ? dateOf('refundAt', input.refundAt) : allocationAt,
          listingAt: dateOf('listingAt', input.listingAt),
        },
        now(),
        { trades: TRADED_TOKENS.has(input.token) },
      );
      return { id: String(id), token: input.token, pair: `${input.token}USDT` };
    },
  }),
];
