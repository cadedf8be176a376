import type { Locale } from '../../../domain/format/locale';
import { parseDecimalInput } from '../../../domain/format/parse';
import { parseLots } from '../../../domain/ipo/lots';

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
