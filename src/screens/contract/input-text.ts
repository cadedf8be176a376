import type Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';

// Text work only (no decimal.js): the spot ticket's first paint fills and reads its fields with
// these before its rules (./spot-rules.ts) have loaded.

/** A canonical decimal as the user's locale writes it in an input (no grouping, no padding). */
export function toInputText(value: Decimal | string, scale: number, locale: Locale): string {
  return formatDecimal(value.toString(), locale, { decimals: scale, minDecimals: 0, grouping: false });
}

/**
 * An amount field's canonical value as the ticket's rules read typed text: the locale's decimal
 * separator, no grouping (a grouped "1,125" of a 3-decimal quantity would read as ambiguous).
 */
export function inputTextOf(canonical: string, locale: Locale): string {
  return canonical.replace('.', locale === 'tr-TR' ? ',' : '.');
}
