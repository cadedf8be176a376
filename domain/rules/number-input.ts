import type { Locale } from '../format/locale';
import { readTypedNumber, type TypedNumber } from '../format/typed-number';
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
 * Why a typed number cannot be read (domain/format/typed-number), as the rule it breaks: one
 * mapping for the tickets' rules, the same words the amount field shows. Too many decimals is "a
 * multiple of the lot or step" for a quantity, as the broker words it (checkStockOrder,
 * checkCoinOrder: "a multiple of 0.00001"), and "at most N decimal places" for money or a price.
 */
export function typedNumberError(read: Extract<TypedNumber, { ok: false }>, spec: NumberField): RuleError {
  switch (read.problem) {
    case 'SIGN':
      return { key: 'AMOUNT_SIGN' };
    case 'EXPONENT':
      return { key: 'AMOUNT_EXPONENT' };
    case 'SEPARATOR':
      return { key: 'AMOUNT_SEPARATOR' };
    case 'AMBIGUOUS':
      return { key: 'NUMBER_AMBIGUOUS', params: { field: spec.label ?? spec.field } };
    case 'NOT_WHOLE':
      return lotError(spec.lot ?? 1);
    case 'TOO_MANY_DECIMALS':
      return spec.field === 'quantity'
        ? lotError(spec.lot ?? stepOf(spec.decimals))
        : { key: 'AMOUNT_PRECISION', params: { decimals: spec.decimals } };
    default:
      return { key: 'AMOUNT_NOT_A_NUMBER' };
  }
}

/** What was typed: its canonical value, or the rule it breaks; neither while it is empty. */
export type NumberRead = { value: string; error: null } | { value: null; error: RuleError | null };

export function readNumberInput(text: string, locale: Locale, spec: NumberField): NumberRead {
  // A quantity in whole units (lots) takes no fraction at all; the rest take their decimals.
  const whole = spec.field === 'quantity' && spec.decimals === 0;
  const read = readTypedNumber(text, locale, { decimals: spec.decimals, whole });
  if (!read.ok) return { value: null, error: typedNumberError(read, spec) };
  return read.value === null ? { value: null, error: null } : { value: read.value, error: null };
}
