import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { pollVotes, vipMemberships, vipPurchases } from '../../server/db/schema/membership';
import { balancesAndLedger } from './untouched-support';

export const DAY = 86_400_000;

/** What a refused membership call must leave alone: balances, membership, purchases, votes, ledger. */
export async function untouchedMembership(db: Db, userId: bigint) {
  const [membership] = await db.select().from(vipMemberships).where(eq(vipMemberships.userId, userId));
  const [purchases] = await db
    .select({ n: count() })
    .from(vipPurchases)
    .where(eq(vipPurchases.userId, userId));
  const [votes] = await db.select({ n: count() }).from(pollVotes).where(eq(pollVotes.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    membership: membership ?? null,
    purchases: purchases?.n ?? 0,
    votes: votes?.n ?? 0,
  };
}
