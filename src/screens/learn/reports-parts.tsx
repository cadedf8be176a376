import { useSnapshot } from 'valtio';
import type { ReportSummary, TradeStatsWire } from '../../../domain/protocol/learn';
import { formatPercent } from '../../../domain/format/number';
import { toneClass } from '../../components/tone';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { figure, money as moneyText, periodLabel } from './figures';

/** One set of figures: trades, win rate, averages, expectancy, drawdown, Sharpe. */
export function StatsGrid({
  stats,
  currency,
  testId,
}: {
  stats: TradeStatsWire;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const money = (v: string | null) => moneyText(v, lang, currency, true);
  const rows: [string, string, string | null][] = [
    [t('reports.trades'), String(stats.trades), null],
    [
      t('reports.win_rate'),
      stats.winRate === null ? '—' : formatPercent(stats.winRate, lang, { signed: false }),
      null,
    ],
    [t('reports.total'), money(stats.totalPnl), stats.totalPnl],
    [t('reports.avg_win'), money(stats.avgWin), stats.avgWin],
    [t('reports.avg_loss'), money(stats.avgLoss), stats.avgLoss],
    [t('reports.expectancy'), money(stats.expectancy), stats.expectancy],
    [t('reports.drawdown'), moneyText(stats.maxDrawdown, lang, currency), null],
    [t('reports.sharpe'), figure(stats.sharpe, lang), null],
  ];
  return (
    <dl className="report-grid" data-testid={testId}>
      {rows.map(([label, value, tone]) => (
        <div key={label} className="report-grid__cell">
          <dt>{label}</dt>
          <dd className={`figure ${tone === null ? '' : toneClass(tone)}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CalendarList({
  cells,
  period,
}: {
  cells: ReportSummary['calendar'];
  period: 'day' | 'week' | 'month';
}) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  return (
    <ul className="report-list" data-testid="report-calendar">
      {[...cells].reverse().map((c) => (
        <li key={`${c.key}-${c.currency}`} className="report-list__row">
          <span>{periodLabel(c.key, period, lang)}</span>
          <span className="learn-muted">
            {t('reports.trades')}: {c.trades}
          </span>
          <span className={`figure ${toneClass(c.pnl)}`}>{moneyText(c.pnl, lang, c.currency, true)}</span>
        </li>
      ))}
    </ul>
  );
}

const FLAG_FIGURES = [
  'perLoss',
  'perWin',
  'grown',
  'afterLosses',
  'from',
  'to',
  'rises',
  'loserMinutes',
  'winnerMinutes',
] as const;

/** A flag's figures in the reader's notation, each sentence taking the ones it names. */
function flagFigures(figures: Record<string, string>, lang: 'tr-TR' | 'en-US') {
  const shown = {} as Record<(typeof FLAG_FIGURES)[number], string>;
  for (const name of FLAG_FIGURES) shown[name] = figure(figures[name] ?? null, lang);
  return shown;
}

/** The behaviour flags raised, each with the trades behind it; a calm line when none is. */
export function Flags({ flags }: { flags: ReportSummary['flags'] }) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const raised = flags.filter((f) => f.raised);
  if (raised.length === 0)
    return (
      <p className="learn-muted" data-testid="report-no-flags">
        {t('reports.no_flags')}
      </p>
    );
  return (
    <ul className="report-flags" data-testid="report-flags">
      {raised.map((f) => (
        <li key={f.kind} className="report-flag" data-testid={`report-flag-${f.kind}`}>
          <p>{t(`reports.flag.${f.kind}`, flagFigures(f.figures, lang))}</p>
          <p className="learn-muted">{t('reports.flag_trades', { count: f.tradeIds.length })}</p>
        </li>
      ))}
    </ul>
  );
}
