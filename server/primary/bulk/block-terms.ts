import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { BlockTerms } from '../../../domain/ipo/block';
import type { AccountType } from '../../../domain/protocol/account';
import type { BlockStatus } from '../../../domain/protocol/bulk';
import type { Db } from '../../db/client';
import { blockOrders, blockTrades } from '../../db/schema/bulk';
import { ApiError } from '../../http/errors';
import type { MarketSource } from '../../market/source';

export type BlockRow = typeof blockTrades.$inferSelect;
export type BlockOrderRow = typeof blockOrders.$inferSelect;

/** When the block stops selling: its scheduled close, or the operator's earlier one. */
export function blockClosesAt(row: BlockRow): number {
  return row.closedAt !== null && row.closedAt < row.closesAt ? row.closedAt : row.closesAt;
}

/**
 * The reference price a block is discounted from: the stock's previous session close (BIST's
 * base price), read live from the market source, so the discount is always against a price the
 * market printed (DECISIONS §2). Null when the source does not know the stock.
 */
export function referencePriceOf(market: MarketSource, symbol: string): string | null {
  const prev = market.ticker(symbol)?.prev;
  return prev === undefined || !new Decimal(prev).gt(0) ? null : new Decimal(prev).toFixed();
}

/** The row as domain/ipo/block's terms, priced from `referencePrice`. */
export function blockTermsOf(row: BlockRow, referencePrice: string): BlockTerms {
  return {
    referencePrice,
    discount: new Decimal(row.discount).toFixed(),
    lotSize: row.lotSize,
    lotsOffered: BigInt(new Decimal(row.lotsOffered).toFixed()),
    minLots: BigInt(new Decimal(row.minLots).toFixed()),
    maxLots: BigInt(new Decimal(row.maxLots).toFixed()),
    opensAt: row.opensAt,
    closesAt: blockClosesAt(row),
    lockupDays: row.lockupDays,
    vipOnly: row.vipOnly,
    costs: row.costs ?? null,
  };
}

export function blockStatusOf(row: BlockRow, sold: bigint, now: number): BlockStatus {
  if (now < row.opensAt) return 'upcoming';
  if (now >= blockClosesAt(row)) return 'closed';
  return sold >= BigInt(new Decimal(row.lotsOffered).toFixed()) ? 'sold_out' : 'open';
}

export async function loadBlock(db: Db, id: bigint): Promise<BlockRow> {
  const [row] = await db.select().from(blockTrades).where(eq(blockTrades.id, id));
  if (!row) throw new ApiError('BLOCK_NOT_FOUND');
  return row;
}

/** Lots sold per block in one pool (real or demo), and optionally to one user only. */
export async function soldLots(
  db: Db,
  accountType: AccountType,
  filter: { blockId?: bigint; userId?: bigint } = {},
): Promise<Map<bigint, bigint>> {
  const rows = await db
    .select({ blockId: blockOrders.blockId, lots: sql<string>`coalesce(sum(${blockOrders.lots}), 0)::text` })
    .from(blockOrders)
    .where(
      and(
        eq(blockOrders.accountType, accountType),
        filter.blockId === undefined ? undefined : eq(blockOrders.blockId, filter.blockId),
        filter.userId === undefined ? undefined : eq(blockOrders.userId, filter.userId),
      ),
    )
    .groupBy(blockOrders.blockId);
  return new Map(rows.map((r) => [r.blockId, BigInt(new Decimal(r.lots).toFixed())]));
}

/**
 * One block's lots taken in a pool: all sold, and bought by `userId` (null without one), what
 * domain/ipo/block's limits are checked against and the block's screen shows.
 */
export async function lotsTaken(
  db: Db,
  accountType: AccountType,
  blockId: bigint,
  userId: bigint | null,
): Promise<{ sold: bigint; mine: bigint | null }> {
  const sold = (await soldLots(db, accountType, { blockId })).get(blockId) ?? 0n;
  const mine =
    userId === null ? null : ((await soldLots(db, accountType, { blockId, userId })).get(blockId) ?? 0n);
  return { sold, mine };
}
