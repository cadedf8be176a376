import { useState } from 'react';
import type { AmountRules } from '../../../domain/funding/amounts';
import { useAmountField } from '../form/use-amount-field';
import type { SizeMode } from './buy-by-amount';

/**
 * A ticket's price and size fields: the size typed as a quantity or, on a buy, as the money to
 * spend (the budget). A figure a field itself refuses (too many decimals, a fraction of a share)
 * is said at the field and stops the order: it is never sent cut short.
 */
export function useSizeFields(
  rules: { qty: AmountRules; price: AmountRules; budget: AmountRules },
  start: { qty?: string; price?: string } = {},
) {
  const [mode, setMode] = useState<SizeMode>('quantity');
  const qty = useAmountField(rules.qty, start.qty);
  const price = useAmountField(rules.price, start.price);
  const budget = useAmountField(rules.budget);
  return {
    mode,
    setMode,
    qty,
    price,
    budget,
    fieldError: [qty, price, budget].some((field) => field.error !== ''),
  };
}
