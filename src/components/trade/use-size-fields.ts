import { useState } from 'react';
import type { AmountRules } from '../../../domain/funding/amounts';
import { useTypedAmount } from '../form/use-typed-amount';
import type { SizeMode } from './buy-by-amount';

/**
 * A ticket's price and size fields: the size typed as a quantity or, on a buy, as the money to
 * spend (the budget). A figure a field itself refuses (too many decimals, a fraction of a share)
 * is said at the field and stops the order: it is never sent cut short. The limits are the
 * ticket's own rules' (loaded with them), so the fields only read what is typed: no decimal.js
 * before the ticket's first paint.
 */
export function useSizeFields(
  rules: { qty: AmountRules; price: AmountRules; budget: AmountRules },
  start: { qty?: string; price?: string } = {},
) {
  const [mode, setMode] = useState<SizeMode>('quantity');
  const qty = useTypedAmount(rules.qty, start.qty);
  const price = useTypedAmount(rules.price, start.price);
  const budget = useTypedAmount(rules.budget);
  return {
    mode,
    setMode,
    qty,
    price,
    budget,
    fieldError: [qty, price, budget].some((field) => field.error !== ''),
  };
}
