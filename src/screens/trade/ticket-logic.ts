import Decimal from 'decimal.js';
import { roundToBistTick, STOCK_PRICE_SCALE, fromSteps, toSteps } from '../../../domain/market/ticks';
import type { FeedState } from '../../../domain/market-data/contract';
import type { BookLevels } from '../../../domain/market/market-estimate';
import {
  checkStockOrder,
  checkStockSell,
  stockBuyTotal,
  stockCosts,
  type RuleError,
  type RuleInstrument,
  type StockCostSettings,
  type StockCosts,
  type StockOrderLimits,
} from '../../../domain/rules';
import type { MarketStatus, StockInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { walkAsks } from '../../../domain/trade/by-amount';

/**
 * The stock ticket's arithmetic, pure so it is tested on its own: price steps along the BIST
 * tick grid inside the day's band, lot steps, the cost preview (the domain function the server
 * books with) and the rules the server will apply, checked before anything is sent.
 */

export type Band = { lower: string; upper: string } | null;

/** The band the info endpoint gives (null for an index or before the first close). */
export function bandOf(info: Pick<StockInfo, 'lowerLimit' | 'upperLimit'>): Band {
  return info.lowerLimit !== null && info.upperLimit !== null
    ? { lower: info.lowerLimit, upper: info.upperLimit }
    : null;
}

/** One tick up or down from `price` (canonical), landing on the grid and inside the band. */
export function stepPrice(
  price: string | null,
  direction: -1 | 1,
  band: Band,
  last: string | null,
): string | null {
  const base = price ?? last;
  if (base === null) return band ? (direction > 0 ? band.lower : band.upper) : null;
  const steps = toSteps(
    new Decimal(base).toDecimalPlaces(STOCK_PRICE_SCALE, Decimal.ROUND_DOWN).toFixed(STOCK_PRICE_SCALE),
    STOCK_PRICE_SCALE,
  );
  if (!Number.isSafeInteger(steps) || steps <= 0) return null;
  // From an off-grid price the first step lands on the grid; from the grid it moves one tick.
  let next: number;
  if (price === null) next = roundToBistTick(steps, direction > 0 ? 'up' : 'down');
  else next = direction > 0 ? roundToBistTick(steps + 1, 'up') : roundToBistTick(steps - 1, 'down');
  if (next < 1) next = roundToBistTick(1, 'up');
  let result = fromSteps(next, STOCK_PRICE_SCALE);
  if (band) {
    if (new Decimal(result).gt(band.upper)) result = band.upper;
    if (new Decimal(result).lt(band.lower)) result = band.lower;
  }
  return new Decimal(result).toFixed();
}

/** The last price on the tick grid (rounded down), as the ticket's first limit price. */
export function startPrice(last: string | null, band: Band): string | null {
  if (last === null || !new Decimal(last).gt(0)) return band ? band.lower : null;
  const steps = toSteps(
    new Decimal(last).toDecimalPlaces(STOCK_PRICE_SCALE, Decimal.ROUND_DOWN).toFixed(STOCK_PRICE_SCALE),
    STOCK_PRICE_SCALE,
  );
  const onGrid = fromSteps(roundToBistTick(steps, 'down'), STOCK_PRICE_SCALE);
  return new Decimal(onGrid).toFixed();
}

/** One lot more or less, never below one lot. */
export function stepLots(quantity: string | null, direction: -1 | 1, lot: number): string {
  const current =
    quantity === null ? new Decimal(0) : new Decimal(quantity).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const aligned = current.minus(current.mod(lot));
  const next =
    direction > 0 ? aligned.plus(lot) : Decimal.max(lot, aligned.minus(aligned.eq(current) ? lot : 0));
  return next.toFixed();
}

/** The most of `available` shares that is whole lots; null when not even one lot (nothing to offer). */
export function wholeLots(available: string, lot: number): string | null {
  const shares = new Decimal(available).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const whole = shares.minus(shares.mod(lot));
  return whole.gte(lot) ? whole.toFixed() : null;
}

export type Preview = {
  /** The price the estimate uses: the limit, or the last price for a market order. */
  price: string | null;
  amount: string | null;
  costs: StockCosts | null;
  /** Buy: amount + costs (cash needed); sell: amount − costs (cash received). */
  total: string | null;
  /**
   * A limit buy estimated below its limit (the asks under it fill at their own prices) still holds
   * its whole quantity at the limit with its costs: the cash it needs free, where it differs from
   * the total.
   */
  hold?: string | null;
};

/** What a limit buy of `quantity` holds of the cash: the quantity at its limit, costs included. */
export function limitBuyHold(quantity: string, limit: string, settings: StockCostSettings): string {
  return stockBuyTotal(new Decimal(quantity).times(limit), settings);
}

/**
 * What the order will cost, from the same stockCosts the engine books with. A buy, with the book
 * the page holds, walks the asks as the broker's preview does (domain/trade/by-amount walkAsks):
 * a market buy level by level, a limit buy at the asks below its limit and the rest at it, so the
 * estimate shown before the preview answers is the preview's own, not the limit times the
 * quantity nor an average rounded to the kuruş.
 */
export function previewOrder(
  side: OrderSide,
  type: OrderType,
  quantity: string | null,
  limitPrice: string | null,
  last: string | null,
  settings: StockCostSettings | undefined,
  book?: BookLevels,
): Preview {
  const price = type === 'limit' ? limitPrice : last;
  if (quantity === null || price === null || !new Decimal(price).gt(0))
    return { price, amount: null, costs: null, total: null };
  const walked = side === 'buy' && book ? walkAsks(book, quantity, type === 'limit' ? price : null) : null;
  const amount = walked ?? new Decimal(quantity).times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (!settings) return { price, amount: amount.toFixed(), costs: null, total: null };
  const costs = stockCosts(amount, settings);
  const total = side === 'buy' ? amount.plus(costs.total) : amount.minus(costs.total);
  const hold = walked && type === 'limit' ? { hold: limitBuyHold(quantity, price, settings) } : {};
  return { price, amount: amount.toFixed(), costs, total: total.toFixed(), ...hold };
}

/** The stock's facts as the shared rules read them. */
export function ruleInstrument(info: StockInfo): RuleInstrument {
  return {
    symbol: info.symbol,
    market: info.market,
    group: info.group === 1 || info.group === 2 || info.group === 3 ? info.group : null,
    lot: info.lot,
    priceScale: info.priceScale,
    qtyScale: 0,
    minQty: String(info.lot),
  };
}

export type AccountFacts = { cashAvailable: string; free: string; locked: string };

/**
 * The server's rules, checked before sending: the order's shape (domain checkStockOrder), then
 * the account (shares to sell, cash to buy with). The server checks again; this only spares a
 * round trip and shows the reason beside the field.
 */
export function checkTicket(
  info: StockInfo,
  draft: { side: OrderSide; type: OrderType; quantity: string; price?: string | undefined },
  last: string | null,
  limits: StockOrderLimits | undefined,
  account: AccountFacts | null,
  preview: Preview,
): RuleError | null {
  const rules = limits ?? { minAmount: '0', maxShares: Number.MAX_SAFE_INTEGER };
  const shape = checkStockOrder(ruleInstrument(info), draft, { last, prevClose: info.prevClose }, rules);
  if (shape) return shape;
  if (!account) return null;
  if (draft.side === 'sell') return checkStockSell(draft.quantity, account.free, account.locked);
  const needed = preview.hold ?? preview.total;
  if (needed != null && new Decimal(needed).gt(account.cashAvailable)) return { key: 'INSUFFICIENT_BALANCE' };
  return null;
}

/** Why market orders are off right now, as a trade.json key, or null when they may be sent. */
export type MarketBlock = 'ticket.market_closed' | 'ticket.market_paused' | 'ticket.market_resyncing';

/**
 * Whether BIST's session is shut at `now` by the status the info endpoint gave: closed until its
 * next opening (a ticket left on screen into the session takes market orders again). A session
 * closing under an open ticket is left to the broker's MARKET_CLOSED.
 */
export function sessionClosed(status: MarketStatus, now: number): boolean {
  if (status.open || status.state === 'always_open') return false;
  return status.nextOpen === null || now < status.nextOpen;
}

/**
 * The broker takes market orders during the session only (MARKET_CLOSED); limit orders wait in
 * the book for the next one. Out of session a market order was typed, confirmed and only then refused.
 */
export function marketOrderBlock(
  feed: FeedState,
  book: 'live' | 'resyncing' | undefined,
  closed = false,
): MarketBlock | null {
  if (closed) return 'ticket.market_closed';
  if (feed !== 'live' && feed !== 'polling') return 'ticket.market_paused';
  if (book === 'resyncing') return 'ticket.market_resyncing';
  return null;
}
