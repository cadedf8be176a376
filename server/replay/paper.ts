import Decimal from 'decimal.js';
import { cashScale } from '../../domain/format/money';
import { spotCapAndHold } from '../../domain/trade/spot-order-cost';
import { checkCoinSell } from '../../domain/rules/coin';
import { checkStockSell } from '../../domain/rules/stock';
import { ApiError } from '../http/errors';
import type { Instrument, MarketSource } from '../market/source';
import {
  currenciesOf,
  fillRowOf,
  holdAfter,
  orderAfter,
  positionAfter,
  type Rest,
} from '../trading/spot/booking';
import { draftFills } from '../trading/spot/fill-drafts';
import { marketCap } from '../trading/spot/market-cap';
import type { PreparedOrder } from '../trading/spot/order-request';
import type { FillRow, OrderRow } from '../trading/spot/rows';
import type { SpotSettings } from '../trading/spot/settings';

type Bucket = { available: Decimal; frozen: Decimal };
type Position = { avgCost: Decimal; realized: Decimal };

/** An execution as the paper account booked it: the order after it, its fills, the units held before. */
export type PaperBooked = { order: OrderRow; fills: FillRow[]; held?: string };

const REST: Rest = { kind: 'rest' };
const NO_LIQUIDITY: Rest = { kind: 'finish', status: 'system_closed', reason: 'no_liquidity' };
const CANCELLED: Rest = { kind: 'finish', status: 'cancelled', reason: 'user' };

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
  place(market: MarketSource, settings: SpotSettings, input: PreparedOrder, now: number): PaperBooked {
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
    return this.book(order, instrument, settings, fills, now, input.type === 'market' ? NO_LIQUIDITY : REST);
  }

  /**
   * Books an execution with the live booking's own steps (spot/booking.ts): the fills' costs and
   * P&L (`draftFills`), the hold spent and released (`holdAfter`), the fill rows (`fillRowOf`), the
   * cost basis (`positionAfter`) and the order row (`orderAfter`); only the ledger is this account.
   */
  book(
    order: OrderRow,
    instrument: Instrument | undefined,
    settings: SpotSettings,
    fills: ReturnType<MarketSource['execute']>,
    now: number,
    rest: Rest,
  ): PaperBooked {
    const { cash, asset } = currenciesOf(order, instrument);
    const buy = order.side === 'buy';
    const position = this.positions.get(order.symbol);
    const holding = this.bucket(asset);
    const before =
      fills.length > 0
        ? {
            qty: holding.available.plus(holding.frozen),
            avgCost: position?.avgCost ?? new Decimal(0),
            realized: position?.realized ?? new Decimal(0),
          }
        : null;
    const drafted = draftFills(order, settings, fills, before, cashScale(cash));
    const { qty, amount, costs } = drafted;
    const hold = holdAfter(order, drafted, rest);
    const held = this.bucket(buy ? cash : asset);
    held.frozen = held.frozen.minus(hold.spent).minus(hold.release);
    held.available = held.available.plus(hold.release);
    if (buy) holding.available = holding.available.plus(qty);
    else this.bucket(cash).available = this.bucket(cash).available.plus(amount).minus(costs);
    const rows = drafted.drafts.map((draft) => fillRowOf(order, draft, this.nextFill++, 0n, now));
    this.fills.push(...rows);
    if (rows.length > 0) {
      const moved = { buy, qty, amount, costs, realized: drafted.realizedExact };
      const after = positionAfter(order, now, before, moved);
      this.positions.set(order.symbol, {
        avgCost: new Decimal(after.avgCost),
        realized: new Decimal(after.realizedPnl),
      });
    }
    const updated = orderAfter(order, drafted, hold, now);
    this.orders.set(order.id, updated);
    return { order: updated, fills: rows, ...(before && { held: before.qty.toFixed() }) };
  }

  /**
   * Fills the symbol's resting orders the book now crosses, as the live matcher does
   * (spot/matching.ts `matchSymbol`): buys before sells, best price first, then oldest, each at
   * the levels the book shows up to its limit. Answers the orders that got fills.
   */
  match(market: MarketSource, settings: SpotSettings, symbol: string, now: number): PaperBooked[] {
    const rows = this.openOrders(symbol).sort((a, b) => {
      if (a.side !== b.side) return a.side === 'buy' ? -1 : 1;
      const byPrice = new Decimal(a.price ?? 0).comparedTo(b.price ?? 0);
      if (byPrice !== 0) return a.side === 'buy' ? -byPrice : byPrice;
      return a.id < b.id ? -1 : 1;
    });
    const touched: PaperBooked[] = [];
    for (const row of rows) {
      const remaining = new Decimal(row.quantity).minus(row.filledQty);
      if (remaining.lte(0) || row.price === null) continue;
      const fills = market.execute({ symbol, side: row.side, qty: remaining.toFixed(), limit: row.price });
      if (fills.length > 0)
        touched.push(this.book(row, market.instrument(symbol), settings, fills, now, REST));
    }
    return touched;
  }

  /** Cancels a resting order: its unused hold goes back. */
  cancel(market: MarketSource, settings: SpotSettings, id: bigint, now: number): OrderRow {
    const order = this.orders.get(id);
    if (!order || (order.status !== 'open' && order.status !== 'partial'))
      throw new ApiError('ORDER_NOT_FOUND');
    return this.book(order, market.instrument(order.symbol), settings, [], now, CANCELLED).order;
  }
}
