import Decimal from 'decimal.js';
import { count, desc, eq } from 'drizzle-orm';
import { blockPrice, lockupEnd } from '../../../domain/ipo/block';
import type { Block, BlockDetail, BlockOrder, BlockStatus } from '../../../domain/protocol/bulk';
import type { Session } from '../../auth/session';
import { pageOf } from '../../content/paging';
import type { Db } from '../../db/client';
import { blockOrders, blockTrades } from '../../db/schema/bulk';
import { canonical } from '../../ledger/decimal';
import type { MarketSource } from '../../market/source';
import {
  blockClosesAt,
  blockStatusOf,
  loadBlock,
  lotsTaken,
  referencePriceOf,
  soldLots,
  type BlockOrderRow,
  type BlockRow,
} from './block-terms';
import { ownedBy } from '../../db/owned';

/**
 * What the block screens read. Prices are the market source's at answer time; remaining lots
 * are those of the caller's pool (demo sessions see the demo pool, everyone else the real one).
 */
type Viewer = { session: Session | null; now: number };
type Paged = { page: number; size: number };

const whole = (value: string): string => new Decimal(value).toFixed(0);
const nameOf = (market: MarketSource, symbol: string) => market.instrument(symbol)?.name ?? symbol;

function blockOnWire(
  market: MarketSource,
  row: BlockRow,
  viewer: Viewer,
  sold: bigint,
  mine: bigint | null,
): Block {
  const reference = referencePriceOf(market, row.symbol);
  const last = market.ticker(row.symbol)?.last;
  const offered = BigInt(whole(row.lotsOffered));
  const remaining = offered - sold;
  return {
    id: String(row.id),
    symbol: row.symbol,
    name: nameOf(market, row.symbol),
    status: blockStatusOf(row, sold, viewer.now),
    referencePrice: reference,
    lastPrice: last === undefined ? null : new Decimal(last).toFixed(),
    price: reference === null ? null : blockPrice(reference, canonical(row.discount)),
    discount: canonical(row.discount),
    lotSize: row.lotSize,
    lotsOffered: offered.toString(),
    lotsRemaining: (remaining > 0n ? remaining : 0n).toString(),
    minLots: whole(row.minLots),
    maxLots: whole(row.maxLots),
    opensAt: row.opensAt,
    closesAt: blockClosesAt(row),
    lockupDays: row.lockupDays,
    lockupEndsAt: lockupEnd(Math.max(viewer.now, row.opensAt), row.lockupDays),
    vipOnly: row.vipOnly,
    boughtLots: mine === null ? null : mine.toString(),
  };
}

const STATUS_ORDER: Record<BlockStatus, number> = { open: 0, upcoming: 1, sold_out: 2, closed: 3 };

export async function listBlocks(
  db: Db,
  market: MarketSource,
  viewer: Viewer,
  input: Paged & { status?: BlockStatus | undefined },
): Promise<{ list: Block[]; total: number; page: number; size: number }> {
  const accountType = viewer.session?.accountType ?? 'real';
  const [rows, sold, mine] = await Promise.all([
    db.select().from(blockTrades).orderBy(desc(blockTrades.opensAt), desc(blockTrades.id)),
    soldLots(db, accountType),
    viewer.session ? soldLots(db, accountType, { userId: viewer.session.userId }) : null,
  ]);
  const all = rows
    .map((row) =>
      blockOnWire(market, row, viewer, sold.get(row.id) ?? 0n, mine ? (mine.get(row.id) ?? 0n) : null),
    )
    .filter((block) => input.status === undefined || block.status === input.status)
    // Open first, soonest closing first; then upcoming, soonest opening; then the rest, newest.
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        (a.status === 'open' ? a.closesAt - b.closesAt : 0) ||
        (a.status === 'upcoming' ? a.opensAt - b.opensAt : b.opensAt - a.opensAt),
    );
  return pageOf(all, input);
}

export async function blockDetail(
  db: Db,
  market: MarketSource,
  viewer: Viewer,
  id: bigint,
): Promise<BlockDetail> {
  const row = await loadBlock(db, id);
  const accountType = viewer.session?.accountType ?? 'real';
  const { sold, mine } = await lotsTaken(db, accountType, id, viewer.session?.userId ?? null);
  return { ...blockOnWire(market, row, viewer, sold, mine), costs: row.costs ?? null };
}

export function blockOrderOnWire(
  market: MarketSource,
  block: BlockRow,
  row: BlockOrderRow,
  now: number,
): BlockOrder {
  return {
    id: String(row.id),
    blockId: String(row.blockId),
    symbol: row.symbol,
    name: nameOf(market, row.symbol),
    lots: whole(row.lots),
    lotSize: block.lotSize,
    referencePrice: canonical(row.referencePrice),
    price: canonical(row.price),
    discount: canonical(block.discount),
    amount: canonical(row.amount),
    costs: canonical(row.costs),
    total: canonical(row.total),
    boughtAt: row.boughtAt,
    lockedUntil: row.lockedUntil,
    locked: now < row.lockedUntil,
  };
}

/** The active account's block purchases, newest first. */
export async function listBlockOrders(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  input: Paged,
): Promise<{ list: BlockOrder[]; total: number; page: number; size: number }> {
  const where = ownedBy(blockOrders, session);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: blockOrders, block: blockTrades })
      .from(blockOrders)
      .innerJoin(blockTrades, eq(blockTrades.id, blockOrders.blockId))
      .where(where)
      .orderBy(desc(blockOrders.boughtAt), desc(blockOrders.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db.select({ n: count() }).from(blockOrders).where(where),
  ]);
  return {
    list: rows.map((r) => blockOrderOnWire(market, r.block, r.order, now)),
    total: counted?.n ?? 0,
    page: input.page,
    size: input.size,
  };
}
