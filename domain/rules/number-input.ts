import type { Locale } from '../format/locale';
import { parseDecimalInput, type DecimalInputError } from '../format/parse';
import type { RuleError } from './types';

/**
 * A typed number's field, for the words of what is wrong with it: a limit price, a quantity (with
 * its lot when it is counted in whole units) or an amount of money, and the decimals it takes.
 */
export type NumberField = {
  field: 'price' | 'quantity' | 'amount';
  decimals: number;
  /** A whole-unit quantity's lot (a stock's); 1 when not given. */
  lot?: string | number;
};

/**
 * Why a typed number cannot be read, as the rule it breaks — one mapping for every form, so the
 * same slip reads the same on each: a minus sign is "must be greater than 0" (not "cannot be 0"
 * or "invalid"), too many decimals is "at most N decimal places" (not a tick or a minimum).
 */
export function decimalInputError(error: DecimalInputError, spec: NumberField): RuleError {
  switch (error) {
    case 'EMPTY':
      return { key: 'FIELD_REQUIRED', params: { field: spec.field } };
    case 'INVALID':
      return { key: 'FIELD_INVALID', params: { field: spec.field } };
    case 'NEGATIVE':
      if (spec.field === 'price') return { key: 'LIMIT_PRICE_ZERO' };
      return { key: spec.field === 'quantity' ? 'QUANTITY_NOT_POSITIVE' : 'AMOUNT_NOT_POSITIVE' };
    case 'TOO_MANY_DECIMALS':
      // "At most 0 decimal places" says it badly: whole units are a multiple of the lot, as the
      // server words a fractional stock quantity (checkStockOrder).
      return spec.decimals === 0
        ? { key: 'LOT_MULTIPLE', params: { lot: spec.lot ?? 1 } }
        : { key: 'AMOUNT_PRECISION', params: { decimals: spec.decimals } };
  }
}

/** What was typed: its canonical value, or the rule it breaks; neither while it is empty. */
export type NumberRead = { value: string; error: null } | { value: null; error: RuleError | null };

export function readNumberInput(text: string, locale: Locale, spec: NumberField): NumberRead {
  const parsed = parseDecimalInput(text, locale, { maxDecimals: spec.decimals });
  if (parsed.ok) return { value: parsed.value, error: null };
  return { value: null, error: parsed.error === 'EMPTY' ? null : decimalInputError(parsed.error, spec) };
}
