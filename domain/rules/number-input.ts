import type { Locale } from '../format/locale';
import { parseDecimalInput, type DecimalInputError } from '../format/parse';
import { stepOf } from './coin';
import { lotError } from './stock';
import type { RuleError } from './types';

/**
 * A typed number's field, for the words of what is wrong with it: a limit price, a quantity (with
 * its lot when it is counted in whole units) or an amount of money, and the decimals it takes.
 */
export type NumberField = {
  field: 'price' | 'quantity' | 'amount';
  decimals: number;
  /** A quantity's lot or step: a stock's lot, or one unit of its last decimal when not given. */
  lot?: string | number;
  /**
   * The label naming the field in a message (a `ticket.*` key of the trade texts) when `field`'s
   * own is not it: a coin quantity is not counted in shares ("adet"), nor a USDT price in lira.
   */
  label?: string;
};

/**
 * Why a typed number cannot be read, as the rule it breaks — one mapping for every form, so the
 * same slip reads the same on each and as the broker says it: a minus sign is "must be greater
 * than 0" (not "cannot be 0" or "invalid"); too many decimals is "a multiple of the lot or step"
 * for a quantity and "at most N decimal places" for money or a price.
 */
export function decimalInputError(error: DecimalInputError, spec: NumberField): RuleError {
  switch (error) {
    case 'EMPTY':
      return { key: 'FIELD_REQUIRED', params: { field: spec.label ?? spec.field } };
    case 'INVALID':
      return { key: 'FIELD_INVALID', params: { field: spec.label ?? spec.field } };
    case 'AMBIGUOUS':
      return { key: 'NUMBER_AMBIGUOUS', params: { field: spec.label ?? spec.field } };
    case 'NEGATIVE':
      if (spec.field === 'price') return { key: 'LIMIT_PRICE_ZERO' };
      return { key: spec.field === 'quantity' ? 'QUANTITY_NOT_POSITIVE' : 'AMOUNT_NOT_POSITIVE' };
    case 'TOO_MANY_DECIMALS':
      // A quantity is a multiple of its lot or step, as the server words it (checkStockOrder,
      // checkCoinOrder, contractQty: "a multiple of 0.00001"); money and prices take N decimals.
      return spec.field === 'quantity'
        ? lotError(spec.lot ?? stepOf(spec.decimals))
        : { key: 'AMOUNT_PRECISION', params: { decimals: spec.decimals } };
  }
}

/** What was typed: its canonical value, or the rule it breaks; neither while it is empty. */
export type NumberRead = { value: string; error: null } | { value: null; error: RuleError | null };

export function readNumberInput(text: string, locale: Locale, spec: NumberField): NumberRead {
  // A quantity or a price of 3+ decimals can't tell "1.125" from 1,125; an amount of money reads
  // the locale's grouping ("1.000" USDT), as every form always has.
  const parsed = parseDecimalInput(text, locale, {
    maxDecimals: spec.decimals,
    refuseAmbiguous: spec.field !== 'amount',
  });
  if (parsed.ok) return { value: parsed.value, error: null };
  return { value: null, error: parsed.error === 'EMPTY' ? null : decimalInputError(parsed.error, spec) };
}
