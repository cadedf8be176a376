import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney } from '../../../domain/format/number';
import { parseDecimalInput } from '../../../domain/format/parse';
import { TRY_SCALE } from '../../../domain/format/money';

export type AmountLimits = { min: string; max: string; available?: string };
export type AmountCheck = { ok: true; value: string } | { ok: false; error: string };

/**
 * A TRY amount as typed in the user's locale ("1.234,56"), normalised to the wire form, and
 * checked as the server checks it — with the server's own words (errors namespace), so a mistake
 * is said before anything is sent and reads the same either way.
 */
export function checkAmount(
  text: string,
  lang: Locale,
  limits: AmountLimits,
  t: TFunction<'funding'>,
): AmountCheck {
  const parsed = parseDecimalInput(text, lang, { maxDecimals: TRY_SCALE });
  if (!parsed.ok) {
    if (parsed.error === 'TOO_MANY_DECIMALS')
      return { ok: false, error: t('AMOUNT_PRECISION', { ns: 'errors', decimals: TRY_SCALE }) };
    return { ok: false, error: t('AMOUNT_NOT_POSITIVE', { ns: 'errors' }) };
  }
  const amount = new Decimal(parsed.value);
  const money = (value: string) => formatMoney(value, lang, { currency: 'TRY' });
  if (amount.lte(0)) return { ok: false, error: t('AMOUNT_NOT_POSITIVE', { ns: 'errors' }) };
  if (amount.lt(limits.min))
    return { ok: false, error: t('AMOUNT_BELOW_MINIMUM', { ns: 'errors', min: money(limits.min) }) };
  if (limits.available !== undefined && amount.gt(limits.available))
    return { ok: false, error: t('INSUFFICIENT_BALANCE', { ns: 'errors' }) };
  if (amount.gt(limits.max))
    return { ok: false, error: t('AMOUNT_ABOVE_MAXIMUM', { ns: 'errors', max: money(limits.max) }) };
  return { ok: true, value: parsed.value };
}
