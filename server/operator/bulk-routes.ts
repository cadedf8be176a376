import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { int, rowId } from '../../domain/validation/fields';
import { blockOrders, blockTrades } from '../db/schema/bulk';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { createBlock } from '../primary/bulk/create-block';
import { blockClosesAt, blockStatusOf, loadBlock, soldLots } from '../primary/bulk/block-terms';
import { defineOperatorRoute } from './define';
import { DAY_MS } from '../../domain/time';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Block trades through the operator CLI (DECISIONS §2: audited commands).
 * The operator acts on the wall clock, as the IPO commands do.
 */
export const operatorBlockRoutes = [
  defineOperatorRoute({
    path: 'blocks',
    action: 'block.list',
    input: z.object({ limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const sold = await soldLots(db, 'real');
      const rows = await db.select().from(blockTrades).orderBy(desc(blockTrades.id)).limit(input.limit);
      return rows.map((r) => ({
        id: String(r.id),
        symbol: r.symbol,
        status: blockStatusOf(r, sold.get(r.id) ?? 0n, now),
        discount: canonical(r.discount),
        lotsOffered: canonical(r.lotsOffered),
        lotsSold: (sold.get(r.id) ?? 0n).toString(),
        minLots: canonical(r.minLots),
        maxLots: canonical(r.maxLots),
        lockupDays: r.lockupDays,
        vipOnly: r.vipOnly,
        opensAt: iso(r.opensAt),
        closesAt: iso(blockClosesAt(r)),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'block-create',
    action: 'block.create',
    input: z.object({
      symbol: z.string().regex(/^[A-Z0-9]{2,20}$/),
      discount: z.string(),
      lotsOffered: z.string(),
      minLots: z.string().default('1'),
      maxLots: z.string(),
      days: int({ min: 1, max: 365 }).default(7),
      lockupDays: int({ min: 0, max: 3650 }).default(30),
      opens: z.string().optional(),
      vipOnly: z.enum(['true', 'false']).default('false'),
    }),
    target: (input) => `stock:${input.symbol}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const opensAt = input.opens === undefined ? now : Date.parse(input.opens);
      if (!Number.isFinite(opensAt)) throw new ApiError('FIELD_INVALID', { field: 'opens' });
      const id = await createBlock(
        db,
        {
          symbol: input.symbol,
          discount: input.discount,
          lotsOffered: input.lotsOffered,
          minLots: input.minLots,
          maxLots: input.maxLots,
          opensAt,
          closesAt: opensAt + input.days * DAY_MS,
          lockupDays: input.lockupDays,
          vipOnly: input.vipOnly === 'true',
        },
        now,
      );
      return { id: String(id), opensAt: iso(opensAt), closesAt: iso(opensAt + input.days * DAY_MS) };
    },
  }),
  defineOperatorRoute({
    path: 'block-orders',
    action: 'block.orders',
    input: z.object({ id: rowId, limit: int({ min: 1, max: 1000 }).default(200) }),
    target: (input) => `block:${input.id}`,
    run: async ({ db, input }) => {
      await loadBlock(db, input.id);
      const rows = await db
        .select()
        .from(blockOrders)
        .where(eq(blockOrders.blockId, input.id))
        .orderBy(asc(blockOrders.boughtAt), asc(blockOrders.id))
        .limit(input.limit);
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.userId),
        accountType: r.accountType,
        lots: canonical(r.lots),
        price: canonical(r.price),
        total: canonical(r.total),
        boughtAt: iso(r.boughtAt),
        lockedUntil: iso(r.lockedUntil),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'block-close',
    action: 'block.close',
    input: z.object({ id: rowId }),
    target: (input) => `block:${input.id}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const block = await loadBlock(db, input.id);
      if (now < block.opensAt || now >= blockClosesAt(block)) throw new ApiError('BLOCK_NOT_OPEN');
      const [done] = await db
        .update(blockTrades)
        .set({ closedAt: now })
        .where(and(eq(blockTrades.id, input.id), isNull(blockTrades.closedAt)))
        .returning({ id: blockTrades.id });
      if (!done) throw new ApiError('BLOCK_NOT_OPEN');
      return { id: String(input.id), closedAt: iso(now) };
    },
  }),
];
