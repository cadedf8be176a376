import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { icoEstimate, type IcoTerms } from '../../../domain/ipo/ico';
import type { IpoError } from '../../../domain/ipo/errors';
import { isErrorKey } from '../../../domain/protocol/error-keys';
import type { Ico } from '../../../domain/protocol/ico';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatTokens, formatUsdt } from './ico-format';

export const termsOf = (ico: Ico): IcoTerms => ({
  tokenPrice: ico.tokenPrice,
  tokensOffered: ico.tokensOffered,
  tokenScale: ico.tokenScale,
});

/**
 * What the commitment will do, before it is sent (DESIGN.md: figures before confirm): the price,
 * what is held, and the pro-rata estimate from the live total with the same function the server
 * allocates with (domain/ipo/ico). `amount` canonical, or '' / 'invalid': figures unknown (--).
 */
export function commitSummary(ico: Ico, amount: string, t: TFunction<'ico'>, lang: Locale): FigureRow[] {
  const estimate = icoEstimate(termsOf(ico), ico.totalCommitted, amount);
  const usdt = (v: string | undefined) => formatUsdt(v ?? null, lang);
  return [
    { label: t('order.price'), value: usdt(ico.tokenPrice), testId: 'commit-price' },
    { label: t('order.committing'), value: usdt(estimate ? amount : undefined), testId: 'commit-amount' },
    {
      label: t('order.total_after'),
      value: usdt(estimate ? new Decimal(ico.totalCommitted).plus(amount).toFixed() : undefined),
      testId: 'commit-total-after',
    },
    {
      label: t('order.expected'),
      value: estimate ? formatTokens(estimate.tokens, ico.tokenScale, lang, ico.token) : '--',
      testId: 'commit-expected',
      tone: 'strong',
    },
    { label: t('order.spent'), value: usdt(estimate?.spent), testId: 'commit-spent' },
    {
      label: t('order.refund'),
      value:
        estimate && new Decimal(estimate.refund).isZero() ? t('order.refund_none') : usdt(estimate?.refund),
      testId: 'commit-refund',
    },
    { label: t('order.refund_at'), value: formatDateTime(ico.refundAt, lang), testId: 'commit-refund-at' },
    { label: t('order.listing_at'), value: formatDateTime(ico.listingAt, lang), testId: 'commit-listing-at' },
  ];
}

/** A refusal of domain/ipo/ico (or the server's by key) in the user's words and locale. */
export function commitErrorText(error: IpoError, amount: string, t: TFunction<'ico'>, lang: Locale): string {
  const params = error.params ?? {};
  const usdt = (v: unknown) => formatUsdt(String(v ?? ''), lang);
  switch (error.key) {
    case 'FIELD_REQUIRED':
      return t('order.amount_required');
    case 'NUMBER_FORMAT':
    case 'AMOUNT_PRECISION':
    case 'AMOUNT_NOT_POSITIVE':
      return t('order.amount_invalid');
    case 'ICO_NOT_SUBSCRIBING':
      return t('order.not_subscribing');
    case 'AMOUNT_BELOW_MINIMUM':
      return t('AMOUNT_BELOW_MINIMUM', { ns: 'errors', min: usdt(params.min) });
    case 'AMOUNT_ABOVE_MAXIMUM':
      return t('AMOUNT_ABOVE_MAXIMUM', { ns: 'errors', max: usdt(params.max) });
    case 'INSUFFICIENT_BALANCE':
    case 'ICO_INSUFFICIENT_BALANCE':
      return t('ICO_INSUFFICIENT_BALANCE', {
        ns: 'errors',
        amount: usdt(amount),
        available: usdt(params.available),
      });
    default:
      return isErrorKey(error.key) ? t(error.key, { ns: 'errors' }) : t('INTERNAL_ERROR', { ns: 'errors' });
  }
}
