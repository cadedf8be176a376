import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import { KeepWhole } from './keep-whole';
import { DonePanel } from '../../components/trade/done-panel';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { applicationRows } from './application-rows';
import { APPLICATIONS_PATH, ipoHref, RECORD_PATH } from './ipo-card';
import { lotCount } from '../../components/trade/primary-format';
import { ApplicationStatusBadge } from './status-badge';
import { formatTry } from '../../../domain/format/number';

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
    <DonePanel
      testId="order-done"
      title={t('order.done_title')}
      badge={<ApplicationStatusBadge status={application.status} testId="order-done-status" />}
      body={<KeepWhole text={body} figures={[date]} />}
      actions={[
        {
          href: ipoHref(application.id, RECORD_PATH),
          label: t('order.done_record'),
          testId: 'order-done-record',
        },
        { href: APPLICATIONS_PATH, label: t('tab.mine'), testId: 'order-done-list', primary: true },
      ]}
    >
      <FigureRows rows={applicationRows(application, t, lang)} />
    </DonePanel>
  );
}
