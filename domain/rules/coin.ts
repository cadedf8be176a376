import Decimal from 'decimal.js';
import type { CoinSpotSettings } from './costs';
import { COIN_QUOTE } from './tradable';
import { lotError } from './stock';
import { draftLimitPrice, draftQuantity, type OrderDraft } from './draft';
import type { RuleError, RuleInstrument } from './types';

/** `quantity` in the base coin, on the instrument's quantity scale. */
export type CoinOrderDraft = OrderDraft;

/** 10^-scale as a canonical decimal: the grid step of a scale. */
export function stepOf(scale: number): string {
  return new Decimal(1).dividedBy(new Decimal(10).pow(scale)).toFixed();
}

/**
 * Coin spot rules (24/7, no band): listed coin pair, quantity > 0 on the quantity grid and at
 * least the pair's minimum, limit price > 0 on the price grid, amount ≥ the configured minimum
 * (USDT). Answers the first broken rule, or null.
 */
export function checkCoinOrder(
  instrument: RuleInstrument | undefined,
  draft: CoinOrderDraft,
  last: string | null,
  settings: CoinSpotSettings,
): RuleError | null {
  if (!instrument || instrument.market !== 'coin' || (instrument.quote ?? COIN_QUOTE) !== COIN_QUOTE)
    return { key: 'NOT_TRADABLE' };
  const qty = draftQuantity(draft);
  if (!Decimal.isDecimal(qty)) return qty;
  if (qty.decimalPlaces() > instrument.qtyScale || qty.lt(instrument.minQty))
    return lotError(Decimal.max(instrument.minQty, stepOf(instrument.qtyScale)).toFixed());
  const price = draftLimitPrice(draft);
  if (price !== null && !Decimal.isDecimal(price)) return price;
  if (price && price.decimalPlaces() > instrument.priceScale)
    return { key: 'PRICE_TICK', params: { tick: stepOf(instrument.priceScale) } };
  const reference = price ?? (last !== null && new Decimal(last).gt(0) ? new Decimal(last) : null);
  if (reference && qty.times(reference).lt(settings.minAmount))
    return { key: 'ORDER_BELOW_MINIMUM', params: { min: settings.minAmount } };
  return null;
}

/** Whether `quantity` of the base coin can be sold from `available` (free, not in open orders). */
export function checkCoinSell(quantity: string, available: string): RuleError | null {
  const free = new Decimal(available);
  if (free.lte(0)) return { key: 'AVAILABLE_QUANTITY_ZERO' };
  if (new Decimal(quantity).gt(free))
    return { key: 'INSUFFICIENT_QUANTITY', params: { available: free.toFixed() } };
  return null;
}
