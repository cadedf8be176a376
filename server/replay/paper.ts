import Decimal from 'decimal.js';
import { cashScale } from '../../domain/format/money';
import { spotCapAndHold } from '../../domain/trade/spot-order-cost';
import { checkCoinSell } from '../../domain/rules/coin';
import { checkStockSell } from '../../domain/rules/stock';
import { ApiError } from '../http/errors';
import type { Instrument, MarketSource } from '../market/source';
import { currenciesOf } from '../trading/spot/booking';
import { draftFills } from '../trading/spot/fill-drafts';
import { marketCap } from '../trading/spot/market-cap';
import type { PreparedOrder } from '../trading/spot/order-request';
import type { FillRow, OrderRow } from '../trading/spot/rows';
import type { SpotSettings } from '../trading/spot/settings';

type Bucket = { available: Decimal; frozen: Decimal };
type Position = { avgCost: Decimal; realized: Decimal };

/** Orders a replay's paper account may have resting at once (a documented cap, docs/limits.md). */
export const REPLAY_OPEN_ORDERS_MAX = 50;

/**
 * A replay's own paper account: balances by currency, positions (average cost, realised P&L),
 * orders and fills, in memory for the replay's life. Orders go through the live engine's steps
 * and code: the order rules (`prepareOrder`, by the caller), the sellable check, the cap and hold
 * (domain/trade/spot-order-cost), execution against the source (the replay's recorded book) and
 * the fills' costs and P&L (`draftFills`, the booking's). Only the ledger is this account instead.
 */
export class PaperAccount {
  readonly balances = new Map<string, Bucket>();
  readonly positions = new Map<string, Position>();
  readonly orders = new Map<bigint, OrderRow>();
  readonly fills: FillRow[] = [];
  private nextOrder = 1n;
  private nextFill = 1n;

  constructor(
    private readonly start: Readonly<Record<string, string>>,
    private readonly userId: bigint,
  ) {
    this.reset();
  }

  /** Back to the starting balances: no holdings, no orders (fills stay in the record). */
  reset(): void {
    this.balances.clear();
    this.positions.clear();
    for (const [currency, amount] of Object.entries(this.start))
      this.balances.set(currency, { available: new Decimal(amount), frozen: new Decimal(0) });
    for (const [id, order] of this.orders)
      if (order.status === 'open' || order.status === 'partial')
        this.orders.set(id, { ...order, status: 'cancelled', statusReason: 'reset', frozen: '0' });
  }

  bucket(currency: string): Bucket {
    let b = this.balances.get(currency);
    if (!b) this.balances.set(currency, (b = { available: new Decimal(0), frozen: new Decimal(0) }));
    return b;
  }

  openOrders(symbol?: string): OrderRow[] {
    return [...this.orders.values()].filter(
      (o) => (o.status === 'open' || o.status === 'partial') && (symbol === undefined || o.symbol === symbol),
    );
  }

  /** Places an order (already checked by the order rules) and executes it against `market` now. */
  place(market: MarketSource, settings: SpotSettings, input: PreparedOrder, now: number): OrderRow {
    const { instrument } = input;
    const { cash, asset } = currenciesOf({ wallet: input.wallet, symbol: instrument.symbol }, instrument);
    if (input.type === 'limit' && this.openOrders().length >= REPLAY_OPEN_ORDERS_MAX)
      throw new ApiError('REPLAY_ORDERS_CAP', { max: REPLAY_OPEN_ORDERS_MAX });
    if (input.side === 'sell') {
      const free = this.bucket(asset).available.toFixed();
      const broken =
        input.wallet === 'stock'
          ? checkStockSell(input.quantity, free, '0')
          : checkCoinSell(input.quantity, free);
      if (broken) throw new ApiError(broken.key, broken.params);
    }
    const caps = input.type === 'market' ? marketCap(market, instrument, input.side, input.quantity) : null;
    const chosen = spotCapAndHold(input, caps, () => this.bucket(cash).available, settings);
    if (chosen === null) throw new ApiError('NO_LIQUIDITY');
    const held = this.bucket(input.side === 'buy' ? cash : asset);
    if (held.available.lt(chosen.hold)) throw new ApiError('INSUFFICIENT_BALANCE');
    const fills = market.execute({
      symbol: instrument.symbol,
      side: input.side,
      qty: input.quantity,
      limit: chosen.cap,
    });
    if (input.type === 'market' && fills.length === 0) throw new ApiError('NO_LIQUIDITY');
    held.available = held.available.minus(chosen.hold);
    held.frozen = held.frozen.plus(chosen.hold);
    const order: OrderRow = {
      id: this.nextOrder++,
      userId: this.userId,
      accountType: 'demo',
      wallet: input.wallet,
      clientOrderId: input.clientOrderId,
      symbol: instrument.symbol,
      side: input.side,
      type: input.type,
      timeInForce: 'gtc',
      price: input.price,
      quantity: input.quantity,
      filledQty: '0',
      filledAmount: '0',
      fees: '0',
      frozen: new Decimal(chosen.hold).toFixed(),
      realizedPnl: '0',
      status: 'open',
      statusReason: null,
      tradingDay: null,
      queueSeq: null,
      createdAt: now,
      updatedAt: now,
    };
    this.orders.set(order.id, order);
    const finish = input.type === 'market' ? 'system_closed' : null;
    return this.book(order, instrument, settings, fills, now, finish);
  }

  /**
   * Books an execution as the live booking does (booking.ts `bookExecution`): each fill charged
   * the difference of the order's cumulative costs, the unused hold released when the order ends.
   */
  book(
    order: OrderRow,
    instrument: Instrument | undefined,
    settings: SpotSettings,
    fills: ReturnType<MarketSource['execute']>,
    now: number,
    finishAs: 'system_closed' | 'cancelled' | null,
  ): OrderRow {
    const { cash, asset } = currenciesOf(order, instrument);
    const buy = order.side === 'buy';
    const position = this.positions.get(order.symbol);
    const heldQty = this.bucket(asset).available.plus(this.bucket(asset).frozen);
    const before = position ? { avgCost: position.avgCost, realized: position.realized } : null;
    const drafted = draftFills(order, settings, fills, before, cashScale(cash));
    const { drafts, cumAmount, qty, amount, costs, realized, realizedExact } = drafted;
    const filledQty = new Decimal(order.filledQty).plus(qty);
    const complete = filledQty.gte(order.quantity);
    const status = complete ? 'closed' : finishAs;
    const spent = buy ? amount.plus(costs) : qty;
    const frozenLeft = new Decimal(order.frozen).minus(spent);
    const release = status ? frozenLeft : new Decimal(0);
    const held = this.bucket(buy ? cash : asset);
    held.frozen = held.frozen.minus(spent).minus(release);
    held.available = held.available.plus(release);
    if (buy) this.bucket(asset).available = this.bucket(asset).available.plus(qty);
    else this.bucket(cash).available = this.bucket(cash).available.plus(amount).minus(costs);
    if (qty.gt(0)) {
      const avg = position?.avgCost ?? new Decimal(0);
      const avgCost = buy
        ? heldQty.times(avg).plus(amount).plus(costs).dividedBy(heldQty.plus(qty)).toDecimalPlaces(18)
        : avg;
      this.positions.set(order.symbol, {
        avgCost,
        realized: (position?.realized ?? new Decimal(0)).plus(realizedExact),
      });
    }
    for (const { fill, fillAmount, c, pnl } of drafts)
      this.fills.push({
        id: this.nextFill++,
        orderId: order.id,
        userId: order.userId,
        accountType: order.accountType,
        wallet: order.wallet,
        symbol: order.symbol,
        side: order.side,
        tradeId: fill.tradeId,
        price: fill.price,
        qty: fill.qty,
        amount: fillAmount.toFixed(),
        commission: c.commission.toFixed(),
        bsmv: c.bsmv.toFixed(),
        exchangeFee: c.exchangeFee.toFixed(),
        realizedPnl: pnl?.toFixed() ?? null,
        ledgerTxId: 0n,
        t: fill.t,
      });
    const updated: OrderRow = {
      ...order,
      filledQty: filledQty.toFixed(),
      filledAmount: cumAmount.toFixed(),
      fees: new Decimal(order.fees).plus(costs).toFixed(),
      frozen: frozenLeft.minus(release).toFixed(),
      realizedPnl: new Decimal(order.realizedPnl).plus(realized).toFixed(),
      status: status ?? (filledQty.gt(0) ? 'partial' : 'open'),
      statusReason: status === 'system_closed' ? 'no_liquidity' : status === 'cancelled' ? 'user' : null,
      updatedAt: now,
    };
    this.orders.set(order.id, updated);
    return updated;
  }

  /**
   * Fills the symbol's resting orders the book now crosses, as the live matcher does
   * (spot/matching.ts `matchSymbol`): buys before sells, best price first, then oldest, each at
   * the levels the book shows up to its limit. Answers the orders that got fills.
   */
  match(market: MarketSource, settings: SpotSettings, symbol: string, now: number): OrderRow[] {
    const rows = this.openOrders(symbol).sort((a, b) => {
      if (a.side !== b.side) return a.side === 'buy' ? -1 : 1;
      const byPrice = new Decimal(a.price ?? 0).comparedTo(b.price ?? 0);
      if (byPrice !== 0) return a.side === 'buy' ? -byPrice : byPrice;
      return a.id < b.id ? -1 : 1;
    });
    const touched: OrderRow[] = [];
    for (const row of rows) {
      const remaining = new Decimal(row.quantity).minus(row.filledQty);
      if (remaining.lte(0) || row.price === null) continue;
      const fills = market.execute({ symbol, side: row.side, qty: remaining.toFixed(), limit: row.price });
      if (fills.length > 0)
        touched.push(this.book(row, market.instrument(symbol), settings, fills, now, null));
    }
    return touched;
  }

  /** Cancels a resting order: its unused hold goes back. */
  cancel(market: MarketSource, settings: SpotSettings, id: bigint, now: number): OrderRow {
    const order = this.orders.get(id);
    if (!order || (order.status !== 'open' && order.status !== 'partial'))
      throw new ApiError('ORDER_NOT_FOUND');
    return this.book(order, market.instrument(order.symbol), settings, [], now, 'cancelled');
  }
}
