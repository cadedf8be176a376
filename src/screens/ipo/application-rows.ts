import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatLots, lotCount } from '../../components/trade/primary-format';
import { formatTry } from '../../../domain/format/number';

/**
 * An application's money and lots as the server recorded them (DECISIONS §2: what was held,
 * charged and refunded, each a ledger entry), then its dates. Not-yet facts read "pending".
 */
/**
 * Allotted in full: everything held was charged, so no refund is coming; "pending" there read as
 * if money were still owed back.
 */
function fullyCharged(app: IpoApplication): boolean {
  return app.allocatedAt !== null && new Decimal(app.held).minus(app.charged).isZero();
}

/** The money an application holds and the lots it was allotted, retail or offline alike. */
export function heldRows(
  app: Pick<IpoApplication, 'issuePrice' | 'amount' | 'costs' | 'total' | 'held' | 'allottedLots'>,
  t: TFunction<'ipo'>,
  lang: Locale,
  testId: string,
): FigureRow[] {
  return [
    { label: t('order.price'), value: formatTry(app.issuePrice, lang) },
    { label: t('record.amount'), value: formatTry(app.amount, lang) },
    { label: t('record.costs'), value: formatTry(app.costs, lang) },
    { label: t('record.total'), value: formatTry(app.total, lang), tone: 'strong' },
    { label: t('record.held'), value: formatTry(app.held, lang), testId: `${testId}-held` },
    {
      label: t('record.allotted'),
      value:
        app.allottedLots === null ? t('record.pending') : t('card.lots', lotCount(app.allottedLots, lang)),
      testId: `${testId}-allotted`,
    },
  ];
}

export function applicationRows(app: IpoApplication, t: TFunction<'ipo'>, lang: Locale): FigureRow[] {
  const lots = (value: string) => t('card.lots', lotCount(value, lang));
  const pending = t('record.pending');
  const allocated = app.allocatedAt !== null;
  const rows: FigureRow[] = [{ label: t('record.lots'), value: lots(app.lots), testId: 'record-lots' }];
  if (app.tickets !== null)
    rows.push({ label: t('record.tickets'), value: formatLots(app.tickets, lang), testId: 'record-tickets' });
  rows.push(...heldRows(app, t, lang, 'record'));
  if (app.status === 'allocated_pending_payment')
    rows.push({
      label: t('record.due'),
      value: formatTry(app.due, lang),
      tone: 'strong',
      testId: 'record-due',
    });
  rows.push({
    label: t('record.charged'),
    value:
      app.status === 'lapsed'
        ? t('record.lapsed')
        : app.paymentMode === 'pay_after' && app.paidAt === null && allocated
          ? t('record.charged_pending')
          : allocated
            ? formatTry(app.charged, lang)
            : pending,
    testId: 'record-charged',
  });
  // A pay-after application holds nothing, so it has nothing to refund.
  if (app.paymentMode === 'hold')
    rows.push({
      label: t('record.refunded'),
      value:
        app.refundedAt !== null
          ? formatTry(app.refunded, lang)
          : fullyCharged(app)
            ? t('record.refund_none')
            : pending,
      testId: 'record-refunded',
    });
  return rows;
}

export function applicationDates(app: IpoApplication, t: TFunction<'ipo'>, lang: Locale): FigureRow[] {
  const date = (ms: number | null) => formatDateTime(ms, lang);
  const rows: FigureRow[] = [
    { label: t('record.applied_at'), value: date(app.appliedAt) },
    { label: t('record.source'), value: app.auto ? t('record.source_auto') : t('record.source_manual') },
  ];
  if (app.allocatedAt !== null) rows.push({ label: t('record.allocated_at'), value: date(app.allocatedAt) });
  rows.push(
    app.paymentMode === 'pay_after'
      ? app.paidAt !== null
        ? { label: t('record.paid_at'), value: date(app.paidAt) }
        : { label: t('record.pay_by'), value: date(app.payBy), testId: 'record-pay-by' }
      : app.refundedAt !== null
        ? { label: t('record.refunded_at'), value: date(app.refundedAt) }
        : { label: t('record.refund_at'), value: date(app.refundAt), testId: 'record-refund-at' },
    app.listedAt !== null
      ? { label: t('record.listed_at'), value: date(app.listedAt) }
      : { label: t('record.listing_at'), value: date(app.listingAt) },
  );
  return rows;
}
