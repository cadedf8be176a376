import type { Locale } from '../../../domain/format/locale';
import { parseDecimalInput } from '../../../domain/format/parse';
import { parseLots } from '../../../domain/ipo/lots';
import { decimalInputError } from '../../../domain/rules/number-input';
import type { RuleError } from '../../../domain/rules/types';

/**
 * Lots as typed in the user's locale ("1.000" in tr-TR) to the canonical whole number the wire
 * takes ("1000"): '' when empty, 'invalid' when it is not a whole number — the domain checks then
 * answer FIELD_REQUIRED or FIELD_INVALID, as the server would. Shared by the primary-market forms.
 */
export function lotsText(input: string, locale: Locale): string {
  const parsed = parseDecimalInput(input, locale, { maxDecimals: 0 });
  if (parsed.ok) return parsed.value;
  return parsed.error === 'EMPTY' ? '' : 'invalid';
}

export function typedLots(input: string, locale: Locale): bigint | null {
  return parseLots(lotsText(input, locale));
}

/**
 * A minus sign before the lots: the domain checks see only 'invalid' (their words: "a whole
 * number"), but what is wrong is the sign — said as every form says it (domain/rules/number-input).
 * A blank or a fraction is left to the checks, whose words fit lots.
 */
export function lotsSignError(input: string, locale: Locale): RuleError | null {
  const parsed = parseDecimalInput(input, locale, { maxDecimals: 0 });
  return !parsed.ok && parsed.error === 'NEGATIVE'
    ? decimalInputError(parsed.error, { field: 'quantity', decimals: 0 })
    : null;
}
