import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { isApiError } from '../../api/request';
import { showToast } from '../../services/toast';

/** A refusal of an action outside a form (delete, the push switch) as a toast; -1000 has already left. */
export function toastError(error: unknown): void {
  if (!isApiError(error)) throw error;
  if (error.kind !== 'session') showToast(error.msg);
}

/** A figure with every decimal it has, in the reader's notation ("312,5"). */
export function figure(value: string, lang: Locale): string {
  return formatDecimal(value, lang, { decimals: value.split('.')[1]?.length ?? 0 });
}

/** "THYAO at or above 312,5": what an alert watches, as its row and the delete question say it. */
export function describeAlert(alert: AlertRow, t: TFunction<'alerts'>, lang: Locale): string {
  return t(`describe.${alert.kind}`, {
    symbol: alert.symbol,
    threshold: figure(alert.threshold, lang),
    window: alert.windowMinutes ?? '',
  });
}
