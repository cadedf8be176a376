import './learn-i18n';
import '../../styles/learn.css';
import { useState, type ReactNode } from 'react';
import { CALENDAR_PERIODS, type CalendarPeriod } from '../../../domain/journal/calendar';
import type { ReportSummary } from '../../../domain/protocol/learn';
import { Button } from '../../components/button';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { FormAlert } from '../../components/form/submit-button';
import { Segmented } from '../../components/form/segmented';
import { InfoLinkRow } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { paths } from '../../paths/paths';
import { downloadCsv } from './export-csv';
import { CalendarList, Flags, StatsGrid } from './reports-parts';
import { useReport } from './use-report';

function ExportButtons() {
  const { t } = useTranslation('learn');
  const errorText = useErrorText();
  const [error, setError] = useState('');
  const run = (kind: 'statement' | 'trades') => {
    setError('');
    downloadCsv(kind, Date.now()).catch((e: unknown) => setError(errorText(e) || t('reports.export_failed')));
  };
  return (
    <section className="report-section" aria-labelledby="report-export">
      <h2 className="section-title" id="report-export">
        {t('reports.export')}
      </h2>
      <div className="report-export">
        <Button onClick={() => run('statement')} testId="report-export-statement">
          {t('reports.export_statement')}
        </Button>
        <Button onClick={() => run('trades')} testId="report-export-trades">
          {t('reports.export_trades')}
        </Button>
      </div>
      <FormAlert message={error} />
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The report's figures once read: per currency, the flags, the calendar, by product and symbol. */
function ReportBody({
  report,
  readFor,
  period,
  setPeriod,
}: {
  report: ReportSummary;
  readFor: CalendarPeriod;
  period: CalendarPeriod;
  setPeriod: (p: CalendarPeriod) => void;
}) {
  const { t } = useTranslation('learn');
  if (report.overall.every((o) => o.stats.trades === 0)) return <EmptyState title={t('reports.empty')} />;
  return (
    <>
      {report.overall.map((o) => (
        <Section
          key={o.currency}
          id={`report-overall-${o.currency}`}
          title={t('reports.overall', { currency: o.currency })}
        >
          <StatsGrid stats={o.stats} currency={o.currency} testId={`report-overall-${o.currency}`} />
        </Section>
      ))}
      <p className="learn-muted">
        {t('reports.drawdown_help')} {t('reports.sharpe_help')}
      </p>
      <Section id="report-flags-title" title={t('reports.flags')}>
        <Flags flags={report.flags} />
      </Section>
      <Section id="report-calendar-title" title={t('reports.calendar')}>
        <Segmented
          label={t('reports.calendar')}
          value={period}
          onChange={setPeriod}
          options={CALENDAR_PERIODS.map((p) => ({
            value: p,
            label: t(`reports.period.${p}`),
            testId: `report-period-${p}`,
          }))}
        />
        <CalendarList cells={report.calendar} period={readFor} />
      </Section>
      <Section id="report-products" title={t('reports.by_product')}>
        {report.byProduct.map((p) => (
          <div key={p.product}>
            <h3 className="report-sub">{t(`common.product.${p.product}`)}</h3>
            <StatsGrid stats={p.stats} currency={p.currency} testId={`report-product-${p.product}`} />
          </div>
        ))}
      </Section>
      <Section id="report-symbols" title={t('reports.by_symbol')}>
        {report.bySymbol.map((s) => (
          <div key={`${s.symbol}-${s.currency}`}>
            <h3 className="report-sub">{s.symbol}</h3>
            <StatsGrid stats={s.stats} currency={s.currency} testId={`report-symbol-${s.symbol}`} />
          </div>
        ))}
      </Section>
      <p className="learn-note">{t('reports.past_results')}</p>
    </>
  );
}

/**
 * /pages/user/reports: the P&L calendar, win rate, averages, expectancy, drawdown and Sharpe per
 * currency, by product and by symbol, and what a coach would point out; the CSV exports.
 */
export default function ReportsScreen() {
  const { t } = useTranslation('learn');
  const [period, setPeriod] = useState<CalendarPeriod>('day');
  const { load, retry } = useReport(period);
  return (
    <Screen className="learn-screen">
      <Navbar title={t('reports.title')} />
      <div className="screen__body">
        {load.status === 'loading' && <ListSkeleton rows={4} label={t('reports.title')} />}
        {load.status === 'failed' && <ErrorState error={load.error} onRetry={retry} />}
        {load.status === 'ready' && (
          <ReportBody report={load.report} readFor={load.period} period={period} setPeriod={setPeriod} />
        )}
        <ExportButtons />
        <ul className="info-list">
          <InfoLinkRow href={paths.journal} label={t('reports.journal_link')} testId="reports-journal-link" />
        </ul>
      </div>
    </Screen>
  );
}
