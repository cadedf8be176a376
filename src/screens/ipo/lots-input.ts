import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { parseDecimalInput } from '../../../domain/format/parse';
import type { IpoError } from '../../../domain/ipo/errors';
import { parseLots } from '../../../domain/ipo/lots';
import { isErrorKey } from '../../../domain/protocol/error-keys';
import { formatLots, formatTry } from './ipo-format';

/**
 * Lots as typed in the user's locale ("1.000" in tr-TR) to the canonical whole number the wire
 * takes ("1000"): '' when empty, null when it is not a whole number — checkIpoApply then answers
 * FIELD_REQUIRED or FIELD_INVALID, as the server would.
 */
export function lotsText(input: string, locale: Locale): string {
  const parsed = parseDecimalInput(input, locale, { maxDecimals: 0 });
  if (parsed.ok) return parsed.value;
  return parsed.error === 'EMPTY' ? '' : 'invalid';
}

export function typedLots(input: string, locale: Locale): bigint | null {
  return parseLots(lotsText(input, locale));
}

/** A refusal of domain/ipo/apply in the user's words, its figures in the user's locale. */
export function ipoErrorText(error: IpoError, t: TFunction<'ipo'>, lang: Locale): string {
  const params = error.params ?? {};
  switch (error.key) {
    case 'FIELD_REQUIRED':
      return t('order.lots_required');
    case 'FIELD_INVALID':
      return t('order.lots_invalid');
    case 'IPO_NOT_SUBSCRIBING':
      return t('order.not_subscribing');
    case 'IPO_LOTS_BELOW_MINIMUM':
      return t('IPO_LOTS_BELOW_MINIMUM', { ns: 'errors', min: formatLots(String(params.min ?? ''), lang) });
    case 'IPO_LOTS_ABOVE_MAXIMUM':
      return t('IPO_LOTS_ABOVE_MAXIMUM', { ns: 'errors', max: formatLots(String(params.max ?? ''), lang) });
    case 'IPO_INSUFFICIENT_BALANCE':
      return t('IPO_INSUFFICIENT_BALANCE', {
        ns: 'errors',
        amount: formatTry(String(params.amount ?? ''), lang),
      });
    default:
      return isErrorKey(error.key) ? t(error.key, { ns: 'errors' }) : t('INTERNAL_ERROR', { ns: 'errors' });
  }
}
