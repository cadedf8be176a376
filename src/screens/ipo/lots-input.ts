import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import type { IpoError } from '../../../domain/ipo/errors';
import { isErrorKey } from '../../../domain/protocol/error-keys';
import { formatLots } from '../../components/trade/primary-format';
import { formatTry } from '../../../domain/format/number';

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
    case 'IPO_LOTS_NOT_MULTIPLE':
      return t('IPO_LOTS_NOT_MULTIPLE', {
        ns: 'errors',
        ticket: formatLots(String(params.ticket ?? ''), lang),
      });
    case 'IPO_INSUFFICIENT_BALANCE':
      return t('IPO_INSUFFICIENT_BALANCE', {
        ns: 'errors',
        amount: formatTry(String(params.amount ?? ''), lang),
        available: formatTry(String(params.available ?? ''), lang),
      });
    default:
      return isErrorKey(error.key) ? t(error.key, { ns: 'errors' }) : t('INTERNAL_ERROR', { ns: 'errors' });
  }
}
