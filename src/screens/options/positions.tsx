import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { OptionPosition, OptionStatistics } from '../../../domain/protocol/options';
import { optionEndpoints } from '../../../domain/protocol/endpoints/options';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { FormAlert } from '../../components/form/submit-button';
import { FigureBlock } from '../../components/trade/figure-rows';
import { account } from '../../state/account';
import { prefs } from '../../state/prefs';
import { count, signedMoney } from './format';
import { HistoryRow } from './history-row';
import { OpenGroup } from './open-group';
import { ClosedSheet } from './result-sheets';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';

const loadStats = () => call(optionEndpoints.statistics, {}, { silent: true });
const loadOpen = () => call(optionEndpoints.positions, { status: 'open', size: 100 }, { silent: true });
const loadAll = () => call(optionEndpoints.positions, { size: 50 }, { silent: true });

function Stats({ stats }: { stats: OptionStatistics }) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return (
    <FigureBlock
      block="options-block"
      title={t('positions.stats')}
      testId="option-stats"
      rows={[
        {
          label: t('positions.premium_paid'),
          value: formatTry(stats.premiumPaid, locale),
          testId: 'stat-premium',
        },
        { label: t('positions.fees_paid'), value: formatTry(stats.feesPaid, locale) },
        {
          label: t('positions.payoff_received'),
          value: formatTry(stats.payoffReceived, locale),
          testId: 'stat-payoff',
        },
        {
          label: t('positions.pnl'),
          value: signedMoney(stats.pnl, locale),
          tone: toneOf(stats.pnl),
          testId: 'stat-pnl',
        },
        {
          label: t('positions.wins'),
          value: t('positions.wins_value', {
            wins: count(stats.wins, locale),
            losses: count(stats.losses, locale),
          }),
          testId: 'stat-wins',
        },
        { label: t('positions.open_count'), value: count(stats.open, locale) },
      ]}
    />
  );
}

/** Open positions by underlying: each group follows its stock's ticker and reads its rule once. */
function bySymbol(list: readonly OptionPosition[]): [string, OptionPosition[]][] {
  const groups = new Map<string, OptionPosition[]>();
  for (const position of list)
    groups.set(position.symbol, [...(groups.get(position.symbol) ?? []), position]);
  return [...groups];
}

/**
 * The Positions tab: the ledger's totals, open positions valued live with the ticket's pricing
 * (and closable), then the settled and closed ones with their open/close price, payoff and P&L.
 */
export function Positions() {
  const { t } = useTranslation('options');
  const { accountEpoch } = useSnapshot(account);
  const stats = useLiveData(`option-stats|${accountEpoch}`, loadStats);
  const open = useLiveData(`option-open|${accountEpoch}`, loadOpen);
  const all = useLiveData(`option-all|${accountEpoch}`, loadAll);
  const [closed, setClosed] = useState<OptionPosition | null>(null);
  const [refusal, setRefusal] = useState('');
  // After a close everything moved: re-read behind what is shown (no skeleton flash).
  const refresh = () => {
    stats.refresh();
    open.refresh();
    all.refresh();
  };

  if (stats.status === 'loading' || open.status === 'loading' || all.status === 'loading')
    return <ListSkeleton rows={4} />;
  if (stats.status === 'error') return <ErrorState error={stats.error} onRetry={stats.reload} />;
  if (open.status === 'error') return <ErrorState error={open.error} onRetry={open.reload} />;
  if (all.status === 'error') return <ErrorState error={all.error} onRetry={all.reload} />;
  const history = all.data.list.filter((p) => p.status !== 'open');
  return (
    <div className="options-stack" data-testid="option-positions">
      <Stats stats={stats.data} />
      <section className="options-section" aria-label={t('positions.open')}>
        <h2 className="section-title">{t('positions.open')}</h2>
        <FormAlert message={refusal} testId="option-close-error" />
        {open.data.list.length === 0 ? (
          <EmptyState title={t('positions.empty_open')} body={t('positions.empty_open_body')} />
        ) : (
          bySymbol(open.data.list).map(([symbol, list]) => (
            <OpenGroup
              key={symbol}
              symbol={symbol}
              positions={list}
              onClosed={(position) => {
                setRefusal('');
                setClosed(position);
                refresh();
              }}
              onRefused={(message) => {
                setRefusal(message);
                refresh();
              }}
            />
          ))
        )}
      </section>
      <section className="options-section" aria-label={t('positions.history')}>
        <h2 className="section-title">{t('positions.history')}</h2>
        {history.length === 0 ? (
          <EmptyState title={t('positions.empty_history')} />
        ) : (
          <ul className="card-list" data-testid="option-history">
            {history.map((position) => (
              <HistoryRow key={position.id} position={position} />
            ))}
          </ul>
        )}
      </section>
      {closed && <ClosedSheet position={closed} onClose={() => setClosed(null)} />}
    </div>
  );
}
