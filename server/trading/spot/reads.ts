import type { SpotWallet } from '../../../domain/protocol/account';
import { and, count, desc, eq, gte, inArray, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  LIVE_ORDER_STATUSES,
  type OrderStatus,
  type SpotFill,
  type SpotOrder,
  type Statistics,
  type StatPeriod,
} from '../../../domain/protocol/trading';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { spotFills, spotOrders } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import { istanbulDay } from '../../market/calendar';
import { ISTANBUL_OFFSET_MS } from '../../../domain/market/instrument';
import { LedgerDecimal } from '../../ledger/decimal';
import type { MarketSource } from '../../market/source';
import { fillToWire, orderToWire, realizedOf } from './rows';
import { dayString } from './session';
import { DAY_MS } from '../../../domain/time';
import { ownedBy } from '../../db/owned';

const LIVE = LIVE_ORDER_STATUSES as OrderStatus[];
type Page<T> = { list: T[]; total: number; page: number; size: number };

const mine = (session: Session, wallet: SpotWallet) =>
  and(ownedBy(spotOrders, session), eq(spotOrders.wallet, wallet));

export async function listOrders(
  db: Db,
  market: MarketSource,
  session: Session,
  wallet: SpotWallet,
  q: {
    status: 'open' | 'history';
    symbol?: string | undefined;
    side?: 'buy' | 'sell' | undefined;
    page: number;
    size: number;
    /** The last order shown: the page is the ones after it, whatever `page` says. */
    before?: bigint | undefined;
  },
): Promise<Page<SpotOrder>> {
  const where = and(
    mine(session, wallet),
    q.status === 'open' ? inArray(spotOrders.status, LIVE) : notInArray(spotOrders.status, LIVE),
    q.symbol ? eq(spotOrders.symbol, q.symbol) : undefined,
    q.side ? eq(spotOrders.side, q.side) : undefined,
  );
  const rows = await db
    .select()
    .from(spotOrders)
    .where(q.before !== undefined ? and(where, lt(spotOrders.id, q.before)) : where)
    .orderBy(desc(spotOrders.id))
    .limit(q.size)
    .offset(q.before !== undefined ? 0 : (q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(spotOrders).where(where);
  return { list: rows.map((r) => orderToWire(r, market)), total: total?.n ?? 0, page: q.page, size: q.size };
}

export async function orderInfo(
  db: Db,
  market: MarketSource,
  session: Session,
  wallet: SpotWallet,
  id: bigint,
): Promise<{ order: SpotOrder; fills: SpotFill[] }> {
  const [row] = await db
    .select()
    .from(spotOrders)
    .where(and(mine(session, wallet), eq(spotOrders.id, id)));
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  const fills = await db.select().from(spotFills).where(eq(spotFills.orderId, id)).orderBy(spotFills.id);
  return { order: orderToWire(row, market), fills: fills.map(fillToWire) };
}

const myFills = (session: Session, wallet: SpotWallet) =>
  and(ownedBy(spotFills, session), eq(spotFills.wallet, wallet));

type FillQuery = {
  orderId?: bigint | undefined;
  symbol?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  page: number;
  size: number;
  /** The last fill shown: the page is the ones after it, whatever `page` says. */
  before?: bigint | undefined;
};

function fillFilter(session: Session, wallet: SpotWallet, q: FillQuery) {
  return and(
    myFills(session, wallet),
    q.orderId !== undefined ? eq(spotFills.orderId, q.orderId) : undefined,
    q.symbol ? eq(spotFills.symbol, q.symbol) : undefined,
    q.from !== undefined ? gte(spotFills.t, q.from) : undefined,
    q.to !== undefined ? lte(spotFills.t, q.to) : undefined,
  );
}

/**
 * One page of fills, newest first by time (then id), the order of spot_fills_user_idx: a page
 * reads its 20 rows from the index. Ordered by id alone, each page sorted every fill the user
 * ever had (or walked all users' fills backwards by primary key, filtering).
 */
export function fillPageQuery(db: Db, session: Session, wallet: SpotWallet, q: FillQuery) {
  const after =
    q.before === undefined
      ? undefined
      : sql`(${spotFills.t}, ${spotFills.id}) < (select f.t, f.id from ${spotFills} f where f.id = ${q.before} and f.user_id = ${session.userId})`;
  return db
    .select()
    .from(spotFills)
    .where(and(fillFilter(session, wallet, q), after))
    .orderBy(desc(spotFills.t), desc(spotFills.id))
    .limit(q.size)
    .offset(q.before !== undefined ? 0 : (q.page - 1) * q.size);
}

export async function listFills(
  db: Db,
  session: Session,
  wallet: SpotWallet,
  q: FillQuery,
): Promise<Page<SpotFill>> {
  const rows = await fillPageQuery(db, session, wallet, q);
  const [total] = await db
    .select({ n: count() })
    .from(spotFills)
    .where(fillFilter(session, wallet, q));
  return { list: rows.map(fillToWire), total: total?.n ?? 0, page: q.page, size: q.size };
}

const PERIOD_DAYS: Record<Exclude<StatPeriod, 'all'>, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Where a period starts: Istanbul midnight, today and the days before it (null: all time). */
export function periodStart(period: StatPeriod, now: number): number | null {
  if (period === 'all') return null;
  return (istanbulDay(now) - PERIOD_DAYS[period] + 1) * DAY_MS - ISTANBUL_OFFSET_MS;
}

/** The income screen: realised P&L, turnover and costs of the fills in a period. */
export async function statistics(
  db: Db,
  market: MarketSource,
  session: Session,
  wallet: SpotWallet,
  period: StatPeriod,
  now: number,
): Promise<Statistics> {
  const from = periodStart(period, now);
  const conditions: (SQL | undefined)[] = [myFills(session, wallet), lte(spotFills.t, now)];
  if (from !== null) conditions.push(gte(spotFills.t, from));
  const rows = await db
    .select()
    .from(spotFills)
    .where(and(...conditions));
  const zero = () => new LedgerDecimal(0);
  let realized = zero();
  let buy = zero();
  let sell = zero();
  let fees = zero();
  const orders = new Set<bigint>();
  const byDay = new Map<string, LedgerDecimal>();
  const bySymbol = new Map<string, LedgerDecimal>();
  for (const f of rows) {
    orders.add(f.orderId);
    fees = fees.plus(f.commission).plus(f.bsmv).plus(f.exchangeFee);
    if (f.side === 'buy') buy = buy.plus(f.amount);
    else sell = sell.plus(f.amount);
    if (f.realizedPnl === null) continue;
    const pnl = realizedOf(f.wallet, f.realizedPnl);
    realized = realized.plus(pnl);
    const day = dayString(istanbulDay(f.t));
    byDay.set(day, (byDay.get(day) ?? zero()).plus(pnl));
    bySymbol.set(f.symbol, (bySymbol.get(f.symbol) ?? zero()).plus(pnl));
  }
  return {
    period,
    from,
    to: now,
    realizedPnl: realized.toFixed(),
    buyAmount: buy.toFixed(),
    sellAmount: sell.toFixed(),
    fees: fees.toFixed(),
    orders: orders.size,
    fills: rows.length,
    byDay: [...byDay]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, pnl]) => ({ day, realizedPnl: pnl.toFixed() })),
    bySymbol: [...bySymbol]
      .sort(([, a], [, b]) => b.abs().comparedTo(a.abs()))
      .map(([symbol, pnl]) => ({
        symbol,
        name: market.instrument(symbol)?.name ?? symbol,
        realizedPnl: pnl.toFixed(),
      })),
  };
}
