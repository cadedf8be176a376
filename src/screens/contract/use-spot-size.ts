import { USDT_SCALE } from '../../../domain/format/money';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import type { CoinAmountBuy } from '../../../domain/trade/by-amount';
import { useSizeFields } from '../../components/trade/use-size-fields';

/**
 * The coin ticket's price and size: amount fields at the pair's decimals, the size typed as a
 * quantity or as the USDT to spend (what it buys is the ticket's rules', ./spot-rules.ts
 * readSpotSize). Reading what is typed needs no decimal.js, so the ticket paints without it.
 */
export function useSpotSize(info: CoinInfo | null | undefined) {
  const fields = useSizeFields({
    qty: { decimals: info?.qtyScale ?? USDT_SCALE, unit: info?.base ?? '' },
    price: { decimals: info?.priceScale ?? USDT_SCALE, unit: info?.quote ?? '' },
    budget: { decimals: USDT_SCALE, unit: info?.quote ?? '' },
  });
  const { qty, price, budget } = fields;
  return {
    ...fields,
    clear() {
      qty.set('');
      price.set('');
      budget.set('');
    },
  };
}

export type SpotSize = ReturnType<typeof useSpotSize>;

/** The order's figures as the ticket's rules read them (typed text), and what a budget buys. */
export type SpotSizeRead = {
  byAmount: boolean;
  bought: CoinAmountBuy | null;
  quantity: string;
  price: string;
  fieldError: boolean;
  /** Whether a price (the limit, or the book's asks) is there to compute at. */
  priced: boolean;
};

/**
 * The size before the ticket's rules have loaded: nothing estimated, nothing to send (the
 * ticket's first paint, or the moment after a first tap). The rules read it whole once in.
 */
export function unreadSpotSize(size: SpotSize, draft: { side: OrderSide; type: OrderType }): SpotSizeRead {
  return {
    byAmount: draft.side === 'buy' && size.mode === 'amount',
    bought: null,
    quantity: '',
    price: '',
    fieldError: size.fieldError,
    priced: draft.type === 'limit' && size.price.value !== '',
  };
}
