import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { allocationRunsAt } from '../../../domain/ipo/lifecycle';
import { formatPercent } from '../../../domain/format/number';
import type { Ico } from '../../../domain/protocol/ico';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { formatTokens, formatUsdt } from './ico-format';

/** Terms, calendar and live totals of a sale, as label ↔ figure blocks. */
export function IcoFacts({ ico }: { ico: Ico }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const usdt = (v: string) => formatUsdt(v, lang);
  const date = (ms: number) => formatDateTime(ms, lang);
  const subscribed = new Decimal(ico.offeredValue).gt(0)
    ? new Decimal(ico.totalCommitted)
        .dividedBy(ico.offeredValue)
        .times(100)
        .toDecimalPlaces(2, Decimal.ROUND_DOWN)
    : null;
  const block = (title: string, testId: string, rows: Parameters<typeof FigureRows>[0]['rows']) => (
    <section className="ipo-block" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <FigureRows rows={rows} testId={testId} />
    </section>
  );
  return (
    <>
      {block(t('detail.terms'), 'ico-terms', [
        { label: t('detail.price'), value: usdt(ico.tokenPrice), testId: 'ico-price' },
        {
          label: t('detail.offered'),
          value: formatTokens(ico.tokensOffered, ico.tokenScale, lang, ico.token),
          testId: 'ico-offered',
        },
        { label: t('detail.offered_value'), value: usdt(ico.offeredValue), testId: 'ico-offered-value' },
        {
          label: t('detail.limits'),
          value:
            ico.maxCommit === null
              ? t('detail.limits_min', { min: usdt(ico.minCommit) })
              : t('detail.limits_value', { min: usdt(ico.minCommit), max: usdt(ico.maxCommit) }),
          testId: 'ico-limits',
        },
        { label: t('detail.pair'), value: ico.pair },
      ])}
      {block(t('detail.live'), 'ico-live', [
        { label: t('detail.committed'), value: usdt(ico.totalCommitted), testId: 'ico-total' },
        { label: t('detail.committers'), value: String(ico.committers), testId: 'ico-committers' },
        {
          label: t('detail.subscribed'),
          value: subscribed === null ? '--' : formatPercent(subscribed.toFixed(), lang, { signed: false }),
          testId: 'ico-subscribed',
        },
        ...(ico.tokensSold === null
          ? []
          : [
              {
                label: t('detail.sold'),
                value: formatTokens(ico.tokensSold, ico.tokenScale, lang, ico.token),
                testId: 'ico-sold',
              },
            ]),
      ])}
      {block(t('detail.dates'), 'ico-dates', [
        {
          label: t('detail.window'),
          value: t('detail.window_value', { start: date(ico.subscribeStart), end: date(ico.subscribeEnd) }),
        },
        ...(ico.closedAt === null ? [] : [{ label: t('detail.closed_early'), value: date(ico.closedAt) }]),
        // Done: when it happened (an early close allocates before the scheduled date); an early
        // close not yet allocated is allocated at once, not on the scheduled date.
        ico.allocatedAt !== null
          ? { label: t('detail.allocated_at'), value: date(ico.allocatedAt), testId: 'ico-allocation' }
          : {
              label: t('detail.allocation_at'),
              value: date(allocationRunsAt(ico)),
              testId: 'ico-allocation',
            },
        { label: t('detail.refund_at'), value: date(ico.refundAt) },
        { label: t('detail.listing_at'), value: date(ico.listingAt) },
      ])}
      <section className="ipo-block" aria-label={t('detail.how')}>
        <h2 className="section-title">{t('detail.how')}</h2>
        <p className="hint">{t('detail.how_body')}</p>
      </section>
    </>
  );
}
