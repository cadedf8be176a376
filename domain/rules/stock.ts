import Decimal from 'decimal.js';
import { bistBand, bistTickSteps, fromSteps, onBistTick, STOCK_PRICE_SCALE, toSteps } from '../market/ticks';
import { draftLimitPrice, draftQuantity, type OrderDraft } from './draft';
import type { RuleError, RuleInstrument } from './types';

/** SPEC §5's configured limits (the `stockOrderLimits` setting). */
export type StockOrderLimits = { minAmount: string; maxShares: number };

/** `quantity` in shares, a multiple of the instrument's lot (BIST: 1 lot = 1 share). */
export type StockOrderDraft = OrderDraft;

/** What the market says right now: the last price and the previous close ("0"/null: none yet). */
export type StockQuoteNow = { last: string | null; prevClose: string | null };

/**
 * A quantity off its lot: "a whole number" when the lot is 1 (a BIST share, a whole coin), where
 * "a multiple of 1" read as a riddle; "a multiple of 100" otherwise.
 */
export function lotError(lot: string | number): RuleError {
  return new Decimal(lot).eq(1) ? { key: 'QUANTITY_WHOLE' } : { key: 'LOT_MULTIPLE', params: { lot } };
}

/** The day's band around the previous close, as prices; null without a close (or for an index). */
export function stockBand(
  instrument: Pick<RuleInstrument, 'market' | 'group'>,
  prevClose: string | null,
): { lower: string; upper: string } | null {
  if (instrument.market !== 'stock' || instrument.group === null || prevClose === null) return null;
  const steps = toSteps(prevClose, STOCK_PRICE_SCALE);
  if (!Number.isSafeInteger(steps) || steps <= 0) return null;
  const band = bistBand(steps, instrument.group);
  return { lower: fromSteps(band.lower, STOCK_PRICE_SCALE), upper: fromSteps(band.upper, STOCK_PRICE_SCALE) };
}

/** The tick a BIST price must sit on (for a price off the 0.01 grid: the tick of its tier). */
export function stockTick(price: string): string {
  const floored = new Decimal(price).toDecimalPlaces(STOCK_PRICE_SCALE, Decimal.ROUND_DOWN);
  const steps = Math.max(1, toSteps(floored.toFixed(STOCK_PRICE_SCALE), STOCK_PRICE_SCALE));
  return fromSteps(bistTickSteps(steps), STOCK_PRICE_SCALE);
}

const positive = (value: string | null): Decimal | null => {
  if (value === null) return null;
  const d = new Decimal(value);
  return d.gt(0) ? d : null;
};

/**
 * SPEC §5's stock order rules, in the order a person fixes them: listed, quantity, lots,
 * maximum, price, tick, band, upper-limit buys, minimum amount. Answers the first broken rule,
 * or null. Balance and sellable quantity are the account's state: see `checkStockSell`.
 */
export function checkStockOrder(
  instrument: RuleInstrument | undefined,
  draft: StockOrderDraft,
  quote: StockQuoteNow,
  limits: StockOrderLimits,
): RuleError | null {
  if (!instrument || instrument.market !== 'stock') return { key: 'NOT_TRADABLE' };
  const qty = draftQuantity(draft);
  if (!Decimal.isDecimal(qty)) return qty;
  if (!qty.isInteger() || !qty.mod(instrument.lot).isZero()) return lotError(instrument.lot);
  if (qty.gt(limits.maxShares)) return { key: 'ORDER_ABOVE_MAXIMUM', params: { max: limits.maxShares } };
  const band = stockBand(instrument, quote.prevClose);
  const price = draftLimitPrice(draft);
  if (price !== null && !Decimal.isDecimal(price)) return price;
  if (price) {
    const steps = toSteps(price.toFixed(), STOCK_PRICE_SCALE);
    if (!Number.isSafeInteger(steps) || !onBistTick(steps))
      return { key: 'PRICE_TICK', params: { tick: stockTick(price.toFixed()) } };
    if (band && (price.lt(band.lower) || price.gt(band.upper)))
      return { key: 'PRICE_OUTSIDE_BAND', params: { lower: band.lower, upper: band.upper } };
  }
  const last = positive(quote.last);
  if (draft.side === 'buy' && band && last && last.gte(band.upper)) return { key: 'LIMIT_UP_NO_BUY' };
  const reference = price ?? last;
  if (reference && qty.times(reference).lt(limits.minAmount))
    return { key: 'ORDER_BELOW_MINIMUM', params: { min: limits.minAmount } };
  return null;
}

/**
 * Whether `quantity` shares can be sold: `available` is what the ledger holds free (not in
 * open sell orders), `locked` the part of it still T+1-locked. Nothing free at all → "available
 * quantity is 0"; what is free but locked → T1_LOCKED; more than that → how many can be sold.
 */
export function checkStockSell(quantity: string, available: string, locked: string): RuleError | null {
  const qty = new Decimal(quantity);
  const free = new Decimal(available);
  const sellable = Decimal.max(0, free.minus(locked));
  if (free.lte(0)) return { key: 'AVAILABLE_QUANTITY_ZERO' };
  if (qty.lte(sellable)) return null;
  if (qty.lte(free)) return { key: 'T1_LOCKED' };
  if (sellable.isZero()) return { key: 'T1_LOCKED' };
  return { key: 'INSUFFICIENT_QUANTITY', params: { available: sellable.toFixed() } };
}

/** Sellable shares: free shares less the T+1-locked ones, never below 0. */
export function stockSellable(available: string, locked: string): string {
  return Decimal.max(0, new Decimal(available).minus(locked)).toFixed();
}
