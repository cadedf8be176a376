import { and, desc, eq, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { conditionalOrders } from '../../db/schema/conditional';
import type { Wallet } from './draft';
import { conditionalToWire } from './notify';
import { ownedBy } from '../../db/owned';

/** The user's conditional orders of a wallet, newest first. */
export async function listConditional(
  db: Db,
  session: Session,
  wallet: Wallet,
  q: { state: 'pending' | 'all'; page: number; size: number },
) {
  const where = and(
    ownedBy(conditionalOrders, session),
    eq(conditionalOrders.wallet, wallet),
    q.state === 'pending' ? eq(conditionalOrders.state, 'pending') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(conditionalOrders)
      .where(where)
      .orderBy(desc(conditionalOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conditionalOrders)
      .where(where),
  ]);
  return { list: rows.map(conditionalToWire), total: total?.n ?? 0, page: q.page, size: q.size };
}
