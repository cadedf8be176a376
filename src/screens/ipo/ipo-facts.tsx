import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { ipoLotLimits } from '../../../domain/ipo/apply';
import { retailLeftoverRule } from '../../../domain/ipo/leftover-rule';
import { allocationRunsAt } from '../../../domain/ipo/lifecycle';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { formatLots, lotCount } from '../../components/trade/primary-format';
import { formatTry } from '../../../domain/format/number';

/** The prospectus facts (SPEC §3: issue price, offering to retail and institutional investors…). */
export function ProspectusFacts({ ipo }: { ipo: IpoDetail }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const lots = (value: string) => t('card.lots', lotCount(value, lang));
  const limits = ipoLotLimits(ipo);
  const rule = retailLeftoverRule(ipo.method);
  const range = {
    min: formatLots(limits.minLots.toString(), lang),
    max: formatLots(limits.maxLots.toString(), lang),
  };
  const rows: FigureRow[] = [
    { label: t('detail.sector'), value: ipo.sector },
    { label: t('detail.issue_price'), value: formatTry(ipo.issuePrice, lang), testId: 'ipo-price' },
    {
      label: t('detail.lot_size'),
      value: t('detail.lot_size_value', { count: ipo.lotSize }),
    },
    { label: t('detail.lots_retail'), value: lots(ipo.lotsRetail), testId: 'ipo-lots-retail' },
    { label: t('detail.lots_institutional'), value: lots(ipo.lotsInstitutional) },
    {
      label: t('detail.limits'),
      value:
        limits.multipleOf === undefined
          ? t('detail.limits_value', range)
          : t('detail.limits_value_multiple', {
              ...range,
              ticket: formatLots(limits.multipleOf.toString(), lang),
            }),
      testId: 'ipo-limits',
    },
    {
      label: t('detail.method'),
      value:
        ipo.method === 'lottery'
          ? t('detail.method_lottery', { ticket: formatLots(ipo.ticketLots ?? '1', lang) })
          : t('detail.method_equal'),
      testId: 'ipo-method',
    },
    {
      label: t('detail.payment'),
      value:
        ipo.paymentMode === 'pay_after'
          ? t('detail.payment_pay_after', { date: formatDateTime(ipo.payBy, lang) })
          : t('detail.payment_hold'),
    },
  ];
  return (
    <section className="ipo-block" aria-label={t('detail.prospectus')}>
      <h2 className="section-title">{t('detail.prospectus')}</h2>
      <FigureRows rows={rows} testId="ipo-prospectus" />
      <h3 className="ipo-block__subtitle">{t('detail.rules')}</h3>
      {/* The text is chosen by the rule the allocation runs (domain/ipo/leftover-rule), so what
          the user reads before applying is what the broker does with the lots left over. */}
      <p className="hint" data-testid="ipo-rules" data-rule={rule}>
        {t(`detail.rules_${rule}`, { ticket: formatLots(ipo.ticketLots ?? '1', lang) })}
      </p>
    </section>
  );
}

/** The calendar: the window, allocation, refund and listing, in Istanbul time (DECISIONS §3). */
export function IpoCalendar({ ipo }: { ipo: IpoDetail }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const date = (ms: number | null) => formatDateTime(ms, lang);
  const rows: FigureRow[] = [
    {
      label: t('detail.window'),
      value: t('detail.window_value', { start: date(ipo.subscribeStart), end: date(ipo.subscribeEnd) }),
      testId: 'ipo-window',
    },
    ...(ipo.closedAt !== null && ipo.closedAt < ipo.subscribeEnd
      ? [{ label: t('detail.closed_early'), value: date(ipo.closedAt), testId: 'ipo-closed-early' }]
      : []),
    // An early close allocates at once, not on the scheduled date (the broker's allocation pass).
    { label: t('detail.allocation_at'), value: date(allocationRunsAt(ipo)), testId: 'ipo-allocation-at' },
    { label: t('detail.refund_at'), value: date(ipo.refundAt), testId: 'ipo-refund-at' },
    { label: t('detail.listing_at'), value: date(ipo.listingAt) },
  ];
  return (
    <section className="ipo-block" aria-label={t('detail.dates')}>
      <h2 className="section-title">{t('detail.dates')}</h2>
      <FigureRows rows={rows} testId="ipo-calendar" />
    </section>
  );
}

/**
 * The demand of the caller's pool: live while applications are taken, final once they closed
 * (a listed IPO's figures under "live demand" read as if it were still open), and once allocated
 * what was handed out.
 */
export function IpoDemand({ ipo }: { ipo: IpoDetail }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const title =
    ipo.status === 'allocating' || ipo.status === 'listed' ? t('detail.demand_final') : t('detail.demand');
  const rows: FigureRow[] = [
    { label: t('detail.applicants'), value: formatLots(ipo.applicants, lang), testId: 'ipo-applicants' },
    { label: t('detail.requested'), value: t('card.lots', lotCount(ipo.requestedLots, lang)) },
  ];
  if (ipo.allottedLots !== null)
    rows.push({
      label: t('detail.allotted'),
      value: t('card.lots', lotCount(ipo.allottedLots, lang)),
    });
  if (ipo.lotterySeed !== null) rows.push({ label: t('detail.lottery_seed'), value: ipo.lotterySeed });
  return (
    <section className="ipo-block" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <FigureRows rows={rows} testId="ipo-demand" />
    </section>
  );
}
