import '../../components/trade/options-texts';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { optionEndpoints } from '../../../domain/protocol/endpoints/options';
import { isApiError } from '../../api/request';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { PickState } from '../../components/content/paged-list';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
import { Positions } from './positions';
import { StockChooser } from './stock-chooser';
import { Ticket } from './ticket';
import { paths } from '../../paths/paths';

const OPTION_PATH = paths.option;
type Tab = 'ticket' | 'positions';
const TABS: readonly Tab[] = ['ticket', 'positions'];

function TicketPanel({ symbol, onShowPositions }: { symbol: string; onShowPositions: () => void }) {
  const load = useCallback(() => call(optionEndpoints.rule, { symbol }, { silent: true }), [symbol]);
  const rule = useLiveData(`option-rule|${symbol}`, load);
  const { t } = useTranslation('options');
  if (rule.status === 'loading') return <ListSkeleton rows={6} />;
  // An index, a coin or a stock not listed yet has no options (the broker's NOT_TRADABLE): say so
  // and lead to the stocks that have, not "could not load" with a retry that fails the same way.
  if (rule.status === 'error' && isApiError(rule.error) && rule.error.key === 'NOT_TRADABLE')
    return (
      <PickState
        title={t('none.title', { symbol })}
        body={t('none.body')}
        href={OPTION_PATH}
        label={t('chooser.search')}
        testId="option-choose-stock"
      />
    );
  // A symbol that does not exist leads to the stock chooser too, not a retry.
  if (rule.status === 'error')
    return (
      <ErrorState
        error={rule.error}
        onRetry={rule.reload}
        back={{ href: OPTION_PATH, label: t('chooser.search') }}
      />
    );
  return <Ticket rule={rule.data} onShowPositions={onShowPositions} />;
}

/**
 * /pages/stock/option?symbol=THYAO[&tab=positions]: options on a stock — the ticket
 * with its live premium and risk, and the user's positions. Without a symbol the ticket tab is a
 * stock chooser; the positions tab needs none (it lists every underlying).
 */
export default function OptionScreen() {
  const { t } = useTranslation('options');
  const params = new URLSearchParams(useSearch());
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'positions' ? 'positions' : 'ticket');
  return (
    <Screen className="stack-screen">
      <Navbar title={symbol === '' ? t('title') : t('title_symbol', { symbol })} />
      <Tabs
        label={t('tabs.label')}
        idPrefix="option"
        options={TABS.map((value) => ({ value, label: t(`tabs.${value}`), testId: `option-tab-${value}` }))}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel className="screen__body" idPrefix="option" selected={tab}>
        {tab === 'positions' ? (
          <Positions />
        ) : symbol === '' ? (
          <StockChooser target={OPTION_PATH} />
        ) : (
          <TicketPanel key={symbol} symbol={symbol} onShowPositions={() => setTab('positions')} />
        )}
      </TabPanel>
    </Screen>
  );
}
