import './namespace';
import '../../styles/exchange.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useNoTradePassword } from '../../components/trade/password-form';
import { prefs } from '../../state/prefs';
import { DoneView } from './done-view';
import * as x from './exchange-logic';
import { QuoteCard } from './quote-card';
import { ExchangeEntry, ExchangeSheet, PasswordNotice } from './exchange-parts';
import { quoteRows } from './quote-figures';
import { useExchangeState } from './use-exchange-state';

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
  const state = useExchangeState(mode);
  const { assets, infos, flow, setChosen, now, pair, decimals, targets, amount } = state;

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
      <ExchangeEntry mode={mode} state={state} onPair={change} onSubmit={submit} />
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

/** An exchange screen: its mode's title over the form. */
export function ExchangeScreen({ mode }: { mode: x.ExchangeMode }) {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t(`title.${mode}`)} />
      <div className="screen__body">
        <ExchangeForm mode={mode} />
      </div>
    </Screen>
  );
}
