import Decimal from 'decimal.js';
import type { BookLevels } from '../../../domain/market/market-estimate';
import type { StockCostSettings } from '../../../domain/rules';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { stockBuyByAmount } from '../../../domain/trade/by-amount';
import { useSizeFields } from '../../components/trade/use-size-fields';
import '../../components/trade/ticket-amount-namespace';
import { useTranslation } from '../../i18n/hook';

/** A limit price as the field shows it first: with its kuruş ("45,50"), as the board quotes it. */
export const priceText = (price: string | null) => (price === null ? '' : new Decimal(price).toFixed(2));

/**
 * The stock ticket's price and size: amount fields in kuruş and whole shares, the size typed as
 * a quantity or as the lira to spend (the most whole lots the budget buys with their costs, at
 * the limit or walking the book's asks as the broker's preview does: domain/trade/by-amount
 * stockBuyByAmount; the order sent is those lots).
 */
export function useStockSize(lot: number, startPrice: string | null) {
  const { t } = useTranslation('ticketAmount');
  const fields = useSizeFields(
    // Named as the quantity's label names it when a fraction is typed ("Adet tam sayı olmalıdır").
    {
      qty: { decimals: 0, unit: t('share_unit') },
      price: { decimals: 2, unit: 'TRY' },
      budget: { decimals: 2, unit: 'TRY' },
    },
    { qty: String(lot), price: priceText(startPrice) },
  );
  const { mode, qty, price, budget } = fields;
  return {
    ...fields,
    /** The order's limit price and shares, and what a budget buys (null when sized by quantity). */
    read(
      draft: { side: OrderSide; type: OrderType },
      costs: StockCostSettings | undefined,
      book: BookLevels | undefined,
      /** The day's upper limit: the broker's market buy takes no ask past it. */
      upTo: string | null,
    ) {
      const limit = price.value === '' ? null : price.value;
      const byAmount = draft.side === 'buy' && mode === 'amount';
      const bought =
        byAmount && costs
          ? stockBuyByAmount(
              budget.value,
              lot,
              draft.type === 'limit'
                ? { kind: 'limit', price: limit ?? '', book }
                : { kind: 'market', book, upTo },
              costs,
            )
          : null;
      const quantity = byAmount ? (bought?.quantity ?? null) : qty.value === '' ? null : qty.value;
      const priced = draft.type === 'limit' ? limit !== null : (book?.asks.length ?? 0) > 0;
      return { price: limit, quantity, byAmount, bought, priced };
    },
  };
}
