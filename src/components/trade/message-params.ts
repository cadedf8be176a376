import { i18n } from '../../i18n/setup';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';
import { isCanonicalDecimal } from '../../../domain/format/parse';

export type MessageParams = Record<string, string | number>;

/**
 * A message's figures in the user's number format ("0,01" in tr-TR, never "0.01"), with the unit
 * they are in where the rule's key says what it is (`units`: param name → "TRY", "USDT", "lot").
 * Words (a field name) are looked up in the ticket's labels.
 */
export function localizeParams(
  params: MessageParams | undefined,
  locale: Locale,
  units: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const text = String(value);
    const figure = isCanonicalDecimal(text);
    // The decimals the figure came with are kept: a band of 251.00 – 376.00 read "(251 – 376)"
    // under a field whose hint says "251,00 – 376,00".
    const given = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
    const shown = figure
      ? formatDecimal(text, locale, { decimals: 8, minDecimals: Math.min(given, 8) })
      : i18n.t(`ticket.${text}`, { ns: 'trade', lng: locale, defaultValue: text });
    out[name] = figure && units[name] ? `${shown} ${units[name]}` : shown;
  }
  return out;
}
