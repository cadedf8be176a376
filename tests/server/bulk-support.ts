import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { blockOrders, offlineApplications } from '../../server/db/schema/bulk';
import { createBlock, type BlockDraft } from '../../server/primary/bulk/create-block';
import type { IpoWorld } from './ipo-support';
import { balancesAndLedger } from './untouched-support';

export const DAY = 86_400_000;

/**
 * A block of THYAO (previous close 100.00 in ipoWorld) at 5 % off: 95.00 a share, 0.1 %
 * commission and 5 % BSMV, open for a day from `opensAt`, 2 days' lock-up.
 */
export function blockDraft(opensAt: number, extra: Partial<BlockDraft> = {}): BlockDraft {
  return {
    symbol: 'THYAO',
    discount: '0.05',
    lotsOffered: '30',
    minLots: '5',
    maxLots: '20',
    opensAt,
    closesAt: opensAt + DAY,
    lockupDays: 2,
    costs: { commissionRate: '0.001', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0' },
    ...extra,
  };
}

export async function newBlock(world: IpoWorld, d: BlockDraft): Promise<string> {
  return String(await createBlock(world.db, d, world.clock.now()));
}

/** What a refused block order or offline application must leave alone. */
export async function untouchedByBlock(db: Db, userId: bigint) {
  const [orders] = await db.select({ n: count() }).from(blockOrders).where(eq(blockOrders.userId, userId));
  const [offline] = await db
    .select({ n: count() })
    .from(offlineApplications)
    .where(eq(offlineApplications.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    orders: orders?.n ?? 0,
    offline: offline?.n ?? 0,
  };
}
