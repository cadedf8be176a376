import Decimal from 'decimal.js';
import type { RuleError } from './types';

/** What stock and coin orders share: a side, market or limit, a quantity and a limit's price. */
export type OrderDraft = {
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  price?: string | undefined;
};

/** The quantity, refused when zero or negative before any rule of its market looks at it. */
export function draftQuantity(draft: OrderDraft): Decimal | RuleError {
  const qty = new Decimal(draft.quantity);
  if (qty.isZero()) return { key: 'ORDER_AMOUNT_ZERO' };
  if (qty.isNeg()) return { key: 'FIELD_INVALID', params: { field: 'quantity' } };
  return qty;
}

/** A limit order's price, given and above zero (its grid is the market's rule); null for a market order. */
export function draftLimitPrice(draft: OrderDraft): Decimal | RuleError | null {
  if (draft.type !== 'limit') return null;
  if (draft.price === undefined || draft.price === '')
    return { key: 'FIELD_REQUIRED', params: { field: 'price' } };
  const price = new Decimal(draft.price);
  return price.lte(0) ? { key: 'LIMIT_PRICE_ZERO' } : price;
}
