import type { Locale } from '../../../domain/format/locale';
import { USDT_SCALE } from '../../../domain/format/money';
import type { BookLevels } from '../../../domain/market/market-estimate';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { stepOf, type CoinSpotSettings } from '../../../domain/rules';
import { coinBuyByAmount } from '../../../domain/trade/by-amount';
import { inputTextOf } from './steps';
import { useSizeFields } from '../../components/trade/use-size-fields';

/**
 * The coin ticket's price and size: amount fields at the pair's decimals, the size typed as a
 * quantity or as the USDT to spend (the most of the coin, on its quantity step, that the USDT
 * buys with its fee: domain/trade/by-amount coinBuyByAmount).
 */
export function useSpotSize(info: CoinInfo | null | undefined) {
  const fields = useSizeFields({
    qty: { decimals: info?.qtyScale ?? USDT_SCALE, unit: info?.base ?? '' },
    price: { decimals: info?.priceScale ?? USDT_SCALE, unit: info?.quote ?? '' },
    budget: { decimals: USDT_SCALE, unit: info?.quote ?? '' },
  });
  const { mode, qty, price, budget } = fields;
  return {
    ...fields,
    clear() {
      qty.set('');
      price.set('');
      budget.set('');
    },
    /** The order's figures as the ticket's rules read them (typed text), and what a budget buys. */
    read(
      pair: CoinInfo,
      draft: { side: OrderSide; type: OrderType },
      settings: CoinSpotSettings | null,
      book: BookLevels | undefined,
      lang: Locale,
    ) {
      const byAmount = draft.side === 'buy' && mode === 'amount';
      const bought =
        byAmount && settings
          ? coinBuyByAmount(
              budget.value,
              stepOf(pair.qtyScale),
              draft.type === 'limit' ? { kind: 'limit', price: price.value, book } : { kind: 'market', book },
              settings,
            )
          : null;
      return {
        byAmount,
        bought,
        quantity: inputTextOf(byAmount ? (bought?.quantity ?? '') : qty.value, lang),
        price: inputTextOf(price.value, lang),
        fieldError: fields.fieldError,
        priced: draft.type === 'limit' ? price.value !== '' : (book?.asks.length ?? 0) > 0,
      };
    },
  };
}
