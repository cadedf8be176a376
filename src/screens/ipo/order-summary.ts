import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import type { FigureRow } from '../../components/trade/figure-rows';
import { estimateText } from './estimate-text';
import { chargeOf, estimateOf } from './ipo-figures';
import { costRows, lotCount } from '../../components/trade/primary-format';
import { formatTry } from '../../../domain/format/number';

/**
 * What the application will do, before it is sent (DESIGN.md: costs before confirm):
 * price, lots, the amount with its costs, what is held, the refund date and the expected lots,
 * computed with the domain functions the server books with. `lots` null: figures unknown (--).
 */
export function orderSummary(
  ipo: IpoDetail,
  lots: bigint | null,
  t: TFunction<'ipo'>,
  lang: Locale,
): FigureRow[] {
  const charge = lots !== null && lots > 0n ? chargeOf(ipo, lots) : null;
  const money = (value: string | undefined) => formatTry(value ?? null, lang);
  return [
    { label: t('order.price'), value: formatTry(ipo.issuePrice, lang), testId: 'order-price' },
    {
      label: t('order.lots'),
      value: lots === null ? '--' : t('card.lots', lotCount(lots, lang)),
      testId: 'order-lots',
    },
    { label: t('order.amount'), value: money(charge?.amount), testId: 'order-amount' },
    ...costRows(charge?.amount ?? null, ipo.costs, (part) => t(`order.${part}`), lang),
    { label: t('order.total'), value: money(charge?.total), testId: 'order-total', tone: 'strong' },
    {
      label: t('order.hold'),
      value: ipo.paymentMode === 'pay_after' ? t('order.hold_none') : money(charge?.hold),
      testId: 'order-hold',
    },
    ipo.paymentMode === 'pay_after'
      ? { label: t('order.pay_by'), value: formatDateTime(ipo.payBy, lang), testId: 'order-pay-by' }
      : { label: t('order.refund_at'), value: formatDateTime(ipo.refundAt, lang), testId: 'order-refund-at' },
    {
      label: t('order.expected'),
      value: charge === null || lots === null ? '--' : estimateText(estimateOf(ipo, lots), t, lang),
      testId: 'order-expected',
    },
  ];
}
