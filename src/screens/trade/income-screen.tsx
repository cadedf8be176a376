import '../../components/trade/texts';
import '../../styles/trade.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatLocalDate } from '../../../domain/format/date';
import { formatMoney, formatTry } from '../../../domain/format/number';
import { STAT_PERIODS, type StatPeriod, type Statistics } from '../../../domain/protocol/trading';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { toneClass, toneOf } from '../../components/tone';
import { TabPanel, Tabs } from '../../components/tabs';
import { FigureRows } from '../../components/trade/figure-rows';
import { account } from '../../state/account';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call } from '../../api/call';
import { prefs } from '../../state/prefs';

function StatsBody({ stats }: { stats: Statistics }) {
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  const money = (value: string) => formatTry(value, locale);
  // Realised P&L in lira with its sign, as every P&L in the app reads ("-₺8,88", "+₺6,07").
  const pnl = (value: string) => formatMoney(value, locale, { currency: 'TRY', signed: true });
  return (
    <>
      <section className="surface-card income-hero" data-testid="income-total">
        <p className="income-hero__label">{t('income.realized')}</p>
        <p
          className={`income-hero__value num ${toneClass(stats.realizedPnl)}`}
          data-value={stats.realizedPnl}
        >
          {pnl(stats.realizedPnl)}
        </p>
      </section>
      <section className="cost-breakdown">
        <FigureRows
          rows={[
            { label: t('income.bought'), value: money(stats.buyAmount) },
            { label: t('income.sold'), value: money(stats.sellAmount) },
            { label: t('income.fees'), value: money(stats.fees) },
            { label: t('income.orders'), value: String(stats.orders) },
            { label: t('income.fills'), value: String(stats.fills) },
          ]}
        />
      </section>
      {stats.byDay.length === 0 ? (
        <EmptyState title={t('income.empty')} body={t('income.empty_body')} />
      ) : (
        <>
          <section
            className="cost-breakdown"
            aria-label={t('income.by_symbol')}
            data-testid="income-by-symbol"
          >
            <h2 className="cost-breakdown__title">{t('income.by_symbol')}</h2>
            <FigureRows
              rows={stats.bySymbol.map((row) => ({
                label: `${row.symbol} · ${row.name}`,
                value: pnl(row.realizedPnl),
                tone: toneOf(row.realizedPnl),
              }))}
            />
          </section>
          <section className="cost-breakdown" aria-label={t('income.by_day')} data-testid="income-by-day">
            <h2 className="cost-breakdown__title">{t('income.by_day')}</h2>
            <FigureRows
              rows={[...stats.byDay].reverse().map((row) => ({
                label: formatLocalDate(Date.parse(`${row.day}T12:00:00+03:00`), locale),
                value: pnl(row.realizedPnl),
                tone: toneOf(row.realizedPnl),
              }))}
            />
          </section>
        </>
      )}
    </>
  );
}

/** /pages/stock/income: realised P&L of stock sales by period, by stock and by day. */
export default function IncomeScreen() {
  const { t } = useTranslation('trade');
  const [period, setPeriod] = useState<StatPeriod>('month');
  const { accountEpoch } = useSnapshot(account);
  const data = useLiveData(`income|${period}|${accountEpoch}`, () =>
    call(stockOrderEndpoints.statistics, { period }, { silent: true }),
  );
  return (
    <Screen className="income-screen">
      <Navbar title={t('income.title')} />
      <Tabs
        label={t('income.period')}
        idPrefix="income"
        options={STAT_PERIODS.map((value) => ({
          value,
          label: t(`income.${value}`),
          testId: `income-${value}`,
        }))}
        selected={period}
        onSelect={setPeriod}
      />
      <TabPanel className="screen__body" idPrefix="income" selected={period}>
        {data.status === 'loading' && <ListSkeleton rows={4} />}
        {data.status === 'error' && <ErrorState error={data.error} onRetry={data.reload} />}
        {data.status === 'ready' && <StatsBody stats={data.data} />}
      </TabPanel>
    </Screen>
  );
}
