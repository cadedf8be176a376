import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { int, oneOf } from '../../domain/validation/fields';
import { orderBalances } from '../ai-products/postings';
import { aiOrders } from '../db/schema/ai-products';
import { canonical } from '../ledger/decimal';
import { defineOperatorRoute } from './define';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * AI stock product orders through the operator CLI ("list robot and AI orders", audited
 * like every staff command): each order with what was paid in and out and what its own ledger
 * accounts hold now (cash and shares), newest first.
 */
export const operatorAiRoutes = [
  defineOperatorRoute({
    path: 'ai-orders',
    action: 'ai.orders',
    input: z.object({
      product: z.string().max(40).optional(),
      status: oneOf(['open', 'redeemed']).optional(),
      limit: int({ min: 1, max: 1000 }).default(100),
    }),
    run: async ({ db, input }) => {
      const rows = await db
        .select()
        .from(aiOrders)
        .where(
          and(
            input.product ? eq(aiOrders.productId, input.product) : undefined,
            input.status ? eq(aiOrders.status, input.status) : undefined,
          ),
        )
        .orderBy(desc(aiOrders.id))
        .limit(input.limit);
      const held = await orderBalances(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const h = held.get(r.id);
        return {
          id: String(r.id),
          userId: String(r.userId),
          accountType: r.accountType,
          productId: r.productId,
          status: r.status,
          paidIn: canonical(r.paidIn),
          paidOut: canonical(r.paidOut),
          cash: canonical(h?.cash ?? '0'),
          shares: Object.fromEntries([...(h?.shares ?? new Map<string, string>())].sort()),
          rebalances: r.rebalances,
          openedAt: iso(r.openedAt),
          lastRebalanceAt: iso(r.lastRebalanceAt),
          closedAt: iso(r.closedAt),
        };
      });
    },
  }),
];
