import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ipoStatus } from '../../domain/ipo/lifecycle';
import { rowId } from '../../domain/validation/fields';
import { ipoOfferings } from '../db/schema/primary';
import { ApiError } from '../http/errors';
import { catalogue, IPO_STOCKS } from '../market/catalogue';
import { advanceDates, IPO_STEPS } from '../primary/ipo/advance';
import { createIpo } from '../primary/ipo/create';
import { ipoSymbolsChanged } from '../primary/ipo/listing';
import { loadOffering } from '../primary/ipo/reads';
import { PROSPECTS } from '../primary/ipo/prospects';
import { seedIpoDrafts } from '../primary/ipo/seed';
import { windowOf } from '../primary/ipo/terms';
import { dateOf } from './dates';
import { defineOperatorRoute } from './define';

/**
 * An IPO's schedule through the operator CLI (DECISIONS §2: audited commands): create
 * one, and the sandbox clock control that brings its next dates to now. Wall clock, as `ipo close`.
 */
/** The catalogue's stocks that trade from the start (every stock but those going public). */
const LISTED_STOCKS: ReadonlySet<string> = new Set(
  catalogue('default')
    .map((entry) => entry.instrument)
    .filter((i) => i.market === 'stock' && !IPO_STOCKS.some((row) => row[0] === i.symbol))
    .map((i) => i.symbol),
);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const text = z.string().trim().min(1).max(200);
const lots = z.string().trim();

export const operatorIpoScheduleRoutes = [
  defineOperatorRoute({
    path: 'ipo-create',
    action: 'ipo.create',
    input: z.object({
      symbol: z.string().trim().toUpperCase(),
      name: text,
      issuePrice: z.string().trim(),
      lotsRetail: lots,
      lotsInstitutional: lots,
      minLots: lots,
      maxLots: lots,
      subscribeStart: z.string(),
      subscribeEnd: z.string(),
      allocationAt: z.string(),
      refundAt: z.string(),
      listingAt: z.string(),
      method: z.enum(['equal', 'lottery']).default('equal'),
      ticketLots: lots.optional(),
      paymentMode: z.enum(['hold', 'pay_after']).default('hold'),
      summaryTr: text.optional(),
      summaryEn: text.optional(),
      sectorTr: text.optional(),
      sectorEn: text.optional(),
    }),
    target: (input) => `stock:${input.symbol}`,
    run: async ({ db, input, now }) => {
      // Only the catalogue's IPO stocks have a market that opens on the listing date; its other
      // stocks trade already (refused by the offering rule, domain/ipo/offerable), and a symbol it
      // does not know is no symbol.
      const ipoStock = IPO_STOCKS.some((row) => row[0] === input.symbol);
      const trades = !ipoStock && LISTED_STOCKS.has(input.symbol);
      if (!ipoStock && !trades) throw new ApiError('FIELD_INVALID', { field: 'symbol' });
      // The symbol's prospectus (seeded, or a candidate's) gives the texts the operator did not.
      const seeded = seedIpoDrafts(0).find((d) => d.symbol === input.symbol) ?? PROSPECTS[input.symbol];
      const summaryTr = input.summaryTr ?? seeded?.summary['tr-TR'] ?? input.name;
      const sectorTr = input.sectorTr ?? seeded?.sector['tr-TR'] ?? '—';
      const id = await createIpo(
        db,
        {
          symbol: input.symbol,
          name: input.name,
          summary: { 'tr-TR': summaryTr, 'en-US': input.summaryEn ?? seeded?.summary['en-US'] ?? summaryTr },
          sector: { 'tr-TR': sectorTr, 'en-US': input.sectorEn ?? seeded?.sector['en-US'] ?? sectorTr },
          issuePrice: input.issuePrice,
          lotsRetail: input.lotsRetail,
          lotsInstitutional: input.lotsInstitutional,
          minLots: input.minLots,
          maxLots: input.maxLots,
          subscribeStart: dateOf('subscribeStart', input.subscribeStart),
          subscribeEnd: dateOf('subscribeEnd', input.subscribeEnd),
          allocationAt: dateOf('allocationAt', input.allocationAt),
          refundAt: dateOf('refundAt', input.refundAt),
          listingAt: dateOf('listingAt', input.listingAt),
          method: input.method,
          ticketLots: input.ticketLots,
          paymentMode: input.paymentMode,
        },
        now(),
        { trades },
      );
      const row = await loadOffering(db, id);
      return { id: String(id), symbol: row.symbol, status: ipoStatus(windowOf(row), now()) };
    },
  }),
  defineOperatorRoute({
    path: 'ipo-advance',
    action: 'ipo.advance',
    input: z.object({ id: rowId, to: z.enum(IPO_STEPS).optional() }),
    target: (input) => `ipo:${input.id}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const moved = await db.transaction(async (tx) => {
        // Locked as the pass locks it, so a pass running now sees the old dates or the new ones.
        const [row] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, input.id)).for('update');
        if (!row) throw new ApiError('IPO_NOT_FOUND');
        const dates = advanceDates(row, now, input.to);
        await tx
          .update(ipoOfferings)
          .set({
            subscribeStart: dates.subscribeStart,
            subscribeEnd: dates.subscribeEnd,
            closedAt: dates.closedAt,
            allocationAt: dates.allocationAt,
            refundAt: dates.refundAt,
            listingAt: dates.listingAt,
          })
          .where(eq(ipoOfferings.id, input.id));
        return dates;
      });
      // The listing date is what the order guard caches: it must see the new one at once.
      ipoSymbolsChanged(db);
      return {
        id: String(input.id),
        step: moved.step,
        subscribeStart: iso(moved.subscribeStart),
        subscribeEnd: iso(moved.subscribeEnd),
        closedAt: iso(moved.closedAt),
        allocationAt: iso(moved.allocationAt),
        refundAt: iso(moved.refundAt),
        listingAt: iso(moved.listingAt),
      };
    },
  }),
];
