import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import { KeepWhole } from '../../components/content/keep-whole';
import { ResultTitle } from '../../components/content/result-title';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { applicationRows } from './application-rows';
import { APPLICATIONS_PATH, ipoHref, RECORD_PATH } from './ipo-card';
import { lotCount, formatTry } from '../../components/trade/primary-format';
import { ApplicationStatusBadge } from './status-badge';

/** After applying (DESIGN.md: show the result): what was held, when the rest comes back. */
export function OrderDone({ ipo, application }: { ipo: IpoDetail; application: IpoApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const lots = lotCount(application.lots, lang);
  const date =
    application.paymentMode === 'pay_after'
      ? formatDateTime(ipo.payBy ?? ipo.refundAt, lang)
      : formatDateTime(application.refundAt, lang);
  const body =
    application.paymentMode === 'pay_after'
      ? t('order.done_body_pay_after', { symbol: ipo.symbol, ...lots, date })
      : t('order.done_body', {
          symbol: ipo.symbol,
          ...lots,
          hold: formatTry(application.held, lang),
          refund: date,
        });
  return (
    <section className="ipo-done" data-testid="order-done">
      <ResultTitle as="h2" className="ipo-done__title">
        {t('order.done_title')}
      </ResultTitle>
      <ApplicationStatusBadge status={application.status} testId="order-done-status" />
      <p className="ipo-done__body">
        <KeepWhole text={body} figures={[date]} />
      </p>
      <FigureRows rows={applicationRows(application, t, lang)} />
      <div className="ipo-done__actions">
        <Link
          className="button button--secondary"
          href={ipoHref(application.id, RECORD_PATH)}
          data-testid="order-done-record"
        >
          {t('order.done_record')}
        </Link>
        <Link className="button button--primary" href={APPLICATIONS_PATH} data-testid="order-done-list">
          {t('tab.mine')}
        </Link>
      </div>
    </section>
  );
}
