import Decimal from 'decimal.js';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { costRate } from '../../domain/ai-products/allocate';
import { backtest } from '../../domain/ai-products/performance';
import { maxDrawdown, netReturn } from '../../domain/ai-products/performance';
import { redeemEstimate } from '../../domain/ai-products/redeem';
import type { StockCostSettings } from '../../domain/rules/costs';
import type {
  AiBasket,
  AiOrder,
  AiOrderDetails,
  AiOrderStatus,
  AiPerformance,
  AiProduct,
  AiProductInfo,
} from '../../domain/protocol/ai-products';
import type { Session } from '../auth/session';
import { offsetOf } from '../content/paging';
import type { Db } from '../db/client';
import { aiFills, aiMarks, aiOrders, aiRebalances } from '../db/schema/ai-products';
import type { MarketSource } from '../market/source';
import { loadSpotSettings } from '../trading/spot/settings';
import { ownOrder, type AiOrderRow } from './apply';
import { productTotals } from './marks';
import { orderBalances } from './postings';
import { valueOf } from './rebalance';
import {
  aiSettings,
  basketNow,
  DAY_BAR_MS,
  historyOf,
  lastPrice,
  productOf,
  universeOf,
  type AiProductTerms,
} from './terms';
import { ownedBy } from '../db/owned';
import { newestPage } from '../db/newest-page';

type Page<T> = { list: T[]; total: number; page: number; size: number };

/**
 * Measured from the product's orders (DECISIONS §2): money in, out and value now; the drawdown of
 * (value + paid out) ÷ paid in over its marks at every daily bar's close and every rebalance, in
 * time order, and now.
 */
async function performanceOf(db: Db, market: MarketSource, product: AiProductTerms): Promise<AiPerformance> {
  const totals = await productTotals(db, market, product.id);
  const marks = await db
    .select()
    .from(aiRebalances)
    .where(eq(aiRebalances.productId, product.id))
    .orderBy(asc(aiRebalances.t), asc(aiRebalances.id));
  const bars = await db
    .select()
    .from(aiMarks)
    .where(eq(aiMarks.productId, product.id))
    .orderBy(asc(aiMarks.t));
  // A bar's mark sorts before a rebalance at the same instant: the bar closed first.
  const timeline = [...bars.map((m) => ({ ...m, at: 0 })), ...marks.map((m) => ({ ...m, at: 1 }))].sort(
    (a, b) => a.t - b.t || a.at - b.at,
  );
  const ratios = [...timeline, { value: totals.value, paidIn: totals.paidIn, paidOut: totals.paidOut }]
    .filter((m) => new Decimal(m.paidIn).gt(0))
    .map((m) => new Decimal(m.value).plus(m.paidOut).div(m.paidIn));
  return {
    since: totals.since,
    paidIn: totals.paidIn.toFixed(),
    paidOut: totals.paidOut.toFixed(),
    value: totals.value.toFixed(),
    return: netReturn(totals.paidIn, totals.value, totals.paidOut)?.toFixed() ?? null,
    maxDrawdown: maxDrawdown(ratios).toFixed(),
    rebalances: marks.length,
    orders: totals.orders,
  };
}

async function productOnWire(db: Db, market: MarketSource, product: AiProductTerms): Promise<AiProduct> {
  const costs = (await loadSpotSettings(db)).stockCosts;
  const [last] = await db
    .select({ t: aiRebalances.t })
    .from(aiRebalances)
    .where(eq(aiRebalances.productId, product.id))
    .orderBy(desc(aiRebalances.t))
    .limit(1);
  return {
    ...product,
    currency: 'TRY',
    costs,
    marketOpen: market.status('BIST').open,
    lastRebalanceAt: last?.t ?? null,
    performance: await performanceOf(db, market, product),
  };
}

export async function listProducts(
  db: Db,
  market: MarketSource,
  input: { page: number; size: number },
): Promise<Page<AiProduct>> {
  const all = (await aiSettings(db)).products;
  const slice = all.slice(offsetOf(input.page, input.size), offsetOf(input.page, input.size) + input.size);
  const list = [];
  for (const p of slice) list.push(await productOnWire(db, market, p));
  return { list, total: all.length, page: input.page, size: input.size };
}

/** The product with its backtest on the source's daily bars, beside its index. */
export async function productInfo(db: Db, market: MarketSource, id: string): Promise<AiProductInfo> {
  const product = await productOf(db, id);
  const settings = await aiSettings(db);
  const base = await productOnWire(db, market, product);
  const bars = settings.backtestDays + product.lookbackDays + 2;
  const index = historyOf(market, [product.universe], bars)[0] ?? { symbol: product.universe, bars: [] };
  const result = backtest(historyOf(market, universeOf(market, product), bars), index, product, {
    days: settings.backtestDays,
    rebalanceDays: product.rebalanceDays,
    costRate: costRate(base.costs),
    barMs: DAY_BAR_MS,
  });
  return { ...base, backtest: result ? { days: settings.backtestDays, ...result } : null };
}

export async function productStocks(
  db: Db,
  market: MarketSource,
  id: string,
  now: number,
): Promise<AiBasket> {
  const product = await productOf(db, id);
  const list = basketNow(market, product, now).map((l) => ({
    ...l,
    name: market.instrument(l.symbol)?.name ?? l.symbol,
    price: lastPrice(market, l.symbol),
  }));
  return { id: product.id, asOf: now, list };
}

function orderOnWire(
  market: MarketSource,
  row: AiOrderRow,
  kind: AiOrder['kind'],
  held: { cash: string; shares: Map<string, string> },
  costs: string,
  settings: StockCostSettings,
): AiOrder {
  const open = row.status === 'open';
  const value = open ? valueOf(market, held.cash, held.shares) : new Decimal(0);
  const pnl = value.plus(row.paidOut).minus(row.paidIn);
  // By symbol: the ledger rows come in no fixed order, and a list should not reshuffle between reads.
  const holdings = open
    ? [...held.shares]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([symbol, qty]) => {
          const price = lastPrice(market, symbol);
          const v = new Decimal(qty).times(price ?? 0);
          return {
            symbol,
            name: market.instrument(symbol)?.name ?? symbol,
            qty,
            price,
            value: v.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
            weight: value.gt(0) ? v.div(value).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed() : '0',
          };
        })
    : [];
  const redeem = open
    ? redeemEstimate(
        held.cash,
        [...held.shares].map(([symbol, qty]) => ({ qty, price: lastPrice(market, symbol) })),
        settings,
      )
    : { costs: '0', net: '0' };
  return {
    id: String(row.id),
    productId: row.productId,
    kind,
    status: row.status as AiOrderStatus,
    paidIn: new Decimal(row.paidIn).toFixed(),
    paidOut: new Decimal(row.paidOut).toFixed(),
    cash: open ? held.cash : '0',
    value: value.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    pnl: pnl.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    pnlRatio: netReturn(row.paidIn, value, row.paidOut)?.toFixed() ?? null,
    costs,
    redeemCosts: redeem.costs,
    redeemNet: redeem.net,
    rebalances: row.rebalances,
    holdings,
    openedAt: row.openedAt,
    lastRebalanceAt: row.lastRebalanceAt,
    closedAt: row.closedAt,
  };
}

async function kindOf(db: Db, productId: string): Promise<AiOrder['kind']> {
  return (await aiSettings(db)).products.find((p) => p.id === productId)?.kind ?? 'momentum';
}

async function costsPaid(db: Db, orderId: bigint): Promise<string> {
  const rows = await db.select({ costs: aiFills.costs }).from(aiFills).where(eq(aiFills.orderId, orderId));
  return rows.reduce((s, r) => s.plus(r.costs), new Decimal(0)).toFixed();
}

export async function listOrders(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { page: number; size: number; status?: AiOrderStatus | undefined },
): Promise<Page<AiOrder>> {
  const mine = ownedBy(aiOrders, session) as SQL;
  const where = input.status ? and(mine, eq(aiOrders.status, input.status)) : mine;
  const { rows, total } = await newestPage(db, aiOrders, where, input);
  const balances = await orderBalances(
    db,
    rows.map((r) => r.id),
  );
  const settings = (await loadSpotSettings(db)).stockCosts;
  const list = [];
  for (const row of rows)
    list.push(
      orderOnWire(
        market,
        row,
        await kindOf(db, row.productId),
        balances.get(row.id) ?? { cash: '0', shares: new Map() },
        await costsPaid(db, row.id),
        settings,
      ),
    );
  return { list, total, page: input.page, size: input.size };
}

export async function orderDetails(
  db: Db,
  market: MarketSource,
  session: Session,
  id: bigint,
): Promise<AiOrderDetails> {
  const row = await ownOrder(db, session, id);
  const held = (await orderBalances(db, [row.id])).get(row.id) ?? { cash: '0', shares: new Map() };
  const fills = await db.select().from(aiFills).where(eq(aiFills.orderId, row.id)).orderBy(asc(aiFills.id));
  const settings = (await loadSpotSettings(db)).stockCosts;
  const order = orderOnWire(
    market,
    row,
    await kindOf(db, row.productId),
    held,
    await costsPaid(db, row.id),
    settings,
  );
  return {
    ...order,
    fills: fills.map((f) => ({
      symbol: f.symbol,
      side: f.side as 'buy' | 'sell',
      qty: new Decimal(f.qty).toFixed(),
      price: new Decimal(f.price).toFixed(),
      amount: new Decimal(f.amount).toFixed(),
      costs: new Decimal(f.costs).toFixed(),
      reason: f.reason as AiOrderDetails['fills'][number]['reason'],
      t: f.t,
    })),
  };
}
