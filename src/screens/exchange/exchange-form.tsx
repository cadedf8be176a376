import './namespace';
import '../../styles/exchange.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { getAssets } from '../../state/assets';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { useAmountField } from '../../components/form/use-amount-field';
import { useNoTradePassword } from '../../components/trade/password-form';
import { prefs } from '../../state/prefs';
import { DoneView } from './done-view';
import * as x from './exchange-logic';
import { QuoteCard } from './quote-card';
import { ExchangeEntry, ExchangeSheet, PasswordNotice } from './exchange-parts';
import { quoteRows } from './quote-figures';
import { useNow } from '../../components/content/use-now';
import { useQuoteFlow } from './use-quote-flow';

const loadAssets = () => getAssets({ silent: true });
const loadInfos = () => call(firstLoad.coinInfos, {}, { silent: true });

/** What the form reads before it renders: balances, the coins on sale, the pair and its amount. */
function useExchangeState(mode: x.ExchangeMode) {
  const assets = useLiveData('user-assets', loadAssets);
  const infos = useLiveData('coin-infos', loadInfos, mode !== 'stock');
  // After a booking the balances are read behind the form, which keeps the done notice shown.
  const flow = useQuoteFlow(() => assets.refresh());
  // The available balance follows the ledger, as the tickets' do: after a booking whose answer
  // was lost to a screen left and opened again, it showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  const [chosen, setChosen] = useState<x.Pair | null>(null);
  const now = useNow(flow.quote !== null && flow.staleText === null ? flow.quote.quoteId : null);

  const infoList = infos.status === 'ready' ? infos.data : [];
  const coins = x.coinsOf(infoList, now);
  const pair = chosen ?? x.defaultPair(mode, coins);
  const decimals = { from: x.decimalsOf(pair.from), to: x.decimalsOf(pair.to) };
  const targets = x.targetsOf(mode, pair.from, coins);
  const available = assets.status === 'ready' ? x.availableOf(assets.data.balances, pair.from) : '0';
  const amount = useAmountField({ decimals: decimals.from, unit: pair.from, available });
  return { assets, infos, flow, setChosen, now, coins, pair, decimals, targets, available, amount };
}

/**
 * The exchange form of every exchange screen, in that screen's mode: pick the pair, type the
 * amount (the available balance beside it), get a quote, confirm it with the trade password
 * while its countdown runs. The amount is checked here as the server checks it; the server
 * prices and decides.
 */
export function ExchangeForm({ mode }: { mode: x.ExchangeMode }) {
  const { t } = useTranslation('exchange');
  const { lang } = useSnapshot(prefs);
  const noPassword = useNoTradePassword();
  const { assets, infos, flow, setChosen, now, coins, pair, decimals, targets, available, amount } =
    useExchangeState(mode);

  if (assets.status === 'loading' || (mode !== 'stock' && infos.status === 'loading'))
    return <ListSkeleton rows={4} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  if (infos.status === 'error') return <ErrorState error={infos.error} onRetry={infos.reload} />;
  if (flow.done)
    return (
      <DoneView
        quote={flow.done.quote}
        transactionId={flow.done.transactionId}
        decimals={decimals}
        onAgain={() => {
          flow.again();
          amount.set('');
        }}
      />
    );
  if (targets.length === 0)
    return (
      <p className="state-message__title" data-testid="exchange-no-pair">
        {t('form.no_pair')}
      </p>
    );

  const change = (next: x.Pair) => {
    setChosen(next);
    amount.setError('');
    flow.clear();
  };
  const submit = () => {
    const value = amount.check();
    if (value !== null) void flow.ask({ from: pair.from, to: pair.to, amount: value });
  };
  const rows = flow.quote ? quoteRows(flow.quote, decimals, t, lang) : [];

  return (
    <div className="exchange">
      {noPassword && <PasswordNotice />}
      <ExchangeEntry
        mode={mode}
        coins={coins}
        pair={pair}
        targets={targets}
        onPair={change}
        amount={amount}
        available={available}
        decimals={decimals.from}
        flow={flow}
        onSubmit={submit}
      />
      {flow.quote && (
        <QuoteCard
          rows={rows}
          secondsLeft={x.secondsLeft(flow.quote.expiresAt, now)}
          staleText={flow.staleText}
          busy={flow.busy}
          onConfirm={flow.openSheet}
          onRefresh={() => void flow.refresh()}
        />
      )}
      <p className="hint">{t('form.note')}</p>
      {flow.sheetOpen && flow.quote && <ExchangeSheet rows={rows} flow={flow} />}
    </div>
  );
}
