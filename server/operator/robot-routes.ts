import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROBOT_ORDER_STATUSES } from '../../domain/protocol/robots';
import { int, oneOf } from '../../domain/validation/fields';
import { robotOrders, robotPauses } from '../db/schema/robots';
import { canonical } from '../ledger/decimal';
import { robotCatalogue, robotOf } from '../robots/terms';
import { defineOperatorRoute } from './define';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Robots through the operator CLI (DECISIONS §2: staff act through audited commands):
 * list robot orders, and pause or resume a robot's sale. A pause stops new purchases only; the
 * running orders keep their terms and run to their end (their capital is the users').
 */
export const operatorRobotRoutes = [
  defineOperatorRoute({
    path: 'robot-orders',
    action: 'robot.orders',
    input: z.object({
      robot: z.string().max(20).optional(),
      status: oneOf(ROBOT_ORDER_STATUSES).optional(),
      limit: int({ min: 1, max: 1000 }).default(100),
    }),
    run: async ({ db, input }) => {
      const rows = await db
        .select()
        .from(robotOrders)
        .where(
          and(
            input.robot ? eq(robotOrders.robotId, input.robot) : undefined,
            input.status ? eq(robotOrders.status, input.status) : undefined,
          ),
        )
        .orderBy(desc(robotOrders.id))
        .limit(input.limit);
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.userId),
        accountType: r.accountType,
        robotId: r.robotId,
        strategy: r.strategy,
        symbol: r.symbol,
        status: r.status,
        capital: canonical(r.capital),
        cash: canonical(r.cash),
        qty: canonical(r.qty),
        fees: canonical(r.fees),
        returned: r.returned === null ? null : canonical(r.returned),
        tax: r.tax === null ? null : canonical(r.tax),
        startedAt: iso(r.startedAt),
        endsAt: iso(r.endsAt),
        closedAt: iso(r.closedAt),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'robot-pause',
    action: 'robot.pause',
    input: z.object({ id: z.string().min(1).max(20), paused: z.enum(['true', 'false']) }),
    target: (input) => `robot:${input.id}:${input.paused === 'true' ? 'pause' : 'resume'}`,
    run: async ({ db, input, now }) => {
      robotOf(await robotCatalogue(db), input.id);
      const paused = input.paused === 'true';
      await db
        .insert(robotPauses)
        .values({ robotId: input.id, paused, updatedAt: now() })
        .onConflictDoUpdate({ target: robotPauses.robotId, set: { paused, updatedAt: now() } });
      return { id: input.id, paused };
    },
  }),
];
