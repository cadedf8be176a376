import Decimal from 'decimal.js';
import { useState } from 'react';
import type { BookLevels } from '../../../domain/market/market-estimate';
import type { StockCostSettings } from '../../../domain/rules';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { stockBuyByAmount } from '../../../domain/trade/by-amount';
import { useAmountField } from '../../components/form/use-amount-field';
import type { SizeMode } from '../../components/trade/buy-by-amount';
import '../../components/trade/ticket-amount-namespace';
import { useTranslation } from '../../i18n-hook';

/** A limit price as the field shows it first: with its kuruş ("45,50"), as the board quotes it. */
export const priceText = (price: string | null) => (price === null ? '' : new Decimal(price).toFixed(2));

/**
 * The stock ticket's price and size: amount fields in kuruş and whole shares, the size typed as
 * a quantity or as the lira to spend (the most whole lots the budget buys with their costs, at
 * the limit or walking the book's asks; the order sent is those lots).
 */
export function useStockSize(lot: number, startPrice: string | null) {
  const { t } = useTranslation('ticketAmount');
  const [mode, setMode] = useState<SizeMode>('quantity');
  // Named as the quantity's label names it when a fraction is typed ("Adet tam sayı olmalıdır").
  const qty = useAmountField({ decimals: 0, unit: t('share_unit') }, String(lot));
  const price = useAmountField({ decimals: 2, unit: 'TRY' }, priceText(startPrice));
  const budget = useAmountField({ decimals: 2, unit: 'TRY' });
  return {
    mode,
    setMode,
    qty,
    price,
    budget,
    /** A figure its field refuses (a third decimal, a fraction of a share) is said there, once. */
    fieldError: [qty, price, budget].some((field) => field.error !== ''),
    /** The order's limit price and shares, and what a budget buys (null when sized by quantity). */
    read(
      draft: { side: OrderSide; type: OrderType },
      costs: StockCostSettings | undefined,
      book: BookLevels | undefined,
    ) {
      const limit = price.value === '' ? null : price.value;
      const byAmount = draft.side === 'buy' && mode === 'amount';
      const bought =
        byAmount && costs
          ? stockBuyByAmount(
              budget.value,
              lot,
              draft.type === 'limit' ? { kind: 'limit', price: limit ?? '' } : { kind: 'market', book },
              costs,
            )
          : null;
      const quantity = byAmount ? (bought?.quantity ?? null) : qty.value === '' ? null : qty.value;
      const priced = draft.type === 'limit' ? limit !== null : (book?.asks.length ?? 0) > 0;
      return { price: limit, quantity, byAmount, bought, priced };
    },
  };
}
