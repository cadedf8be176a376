import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { robotOrders } from '../db/schema/robots';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { endOrder } from './end';
import { ownedBy } from '../db/owned';

/**
 * A demo reset first ends the user's running demo robot orders — coin
 * sold, capital ± result back to the demo coin wallet, no penalty — as contract positions close
 * and spot orders cancel first: the reset then posts against final balances, and no demo robot
 * is left to pay out after it.
 */
export async function endDemoRobots(
  db: Db,
  market: MarketSource,
  userId: bigint,
  now: number,
): Promise<void> {
  const running = await db
    .select({ id: robotOrders.id })
    .from(robotOrders)
    .where(and(ownedBy(robotOrders, { userId, accountType: 'demo' }), eq(robotOrders.status, 'running')));
  for (const { id } of running)
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(robotOrders).where(eq(robotOrders.id, id)).for('update');
      if (!row || row.status !== 'running') return;
      if (!(await endOrder(tx, market, row, 'stopped', now, true))) throw new ApiError('NO_LIQUIDITY');
    });
}
