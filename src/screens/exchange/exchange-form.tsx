import './namespace';
import '../../styles/exchange.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { getAssets } from '../../state/assets';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { DoneView } from './done-view';
import * as x from './exchange-logic';
import { formatAmount } from '../../../domain/format/display';
import { PairPicker } from './pair-picker';
import { QuoteCard } from './quote-card';
import { quoteRows } from './quote-figures';
import { useNow } from '../../components/content/use-now';
import { useQuoteFlow } from './use-quote-flow';
import { paths } from '../../routes/paths';

const loadAssets = () => getAssets({ silent: true });
const loadInfos = () => call(firstLoad.coinInfos, {}, { silent: true });
const TRADE_PASSWORD_PATH = paths.tradePassword;

/**
 * The exchange form of every exchange screen, in that screen's mode: pick the pair, type the
 * amount (the available balance beside it), get a quote, confirm it with the trade password
 * while its countdown runs. The amount is checked here as the server checks it; the server
 * prices and decides.
 */
export function ExchangeForm({ mode }: { mode: x.ExchangeMode }) {
  const { t } = useTranslation('exchange');
  const { lang } = useSnapshot(prefs);
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const assets = useLiveData('user-assets', loadAssets);
  const infos = useLiveData('coin-infos', loadInfos, mode !== 'stock');
  // After a booking the balances are read behind the form, which keeps the done notice shown.
  const flow = useQuoteFlow(() => assets.refresh());
  // The available balance follows the ledger, as the tickets' do: after a booking whose answer
  // was lost to a screen left and opened again, it showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  const [chosen, setChosen] = useState<x.Pair | null>(null);
  const now = useNow(flow.quote !== null && flow.staleText === null ? flow.quote.quoteId : null);

  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  const infoList = infos.status === 'ready' ? infos.data : [];
  const coins = x.coinsOf(infoList, now);
  const pair = chosen ?? x.defaultPair(mode, coins);
  const decimals = { from: x.decimalsOf(pair.from), to: x.decimalsOf(pair.to) };
  const targets = x.targetsOf(mode, pair.from, coins);
  const available = assets.status === 'ready' ? x.availableOf(assets.data.balances, pair.from) : '0';
  const amount = useAmountField({ decimals: decimals.from, unit: pair.from, available });

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
      {profile?.tradePasswordSet === false && (
        <div className="exchange__notice" role="note" data-testid="exchange-no-password">
          <p>{t('password.missing')}</p>
          <Link
            href={TRADE_PASSWORD_PATH}
            className="button button--secondary"
            data-testid="exchange-set-password"
          >
            {t('password.set')}
          </Link>
        </div>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PairPicker
          from={pair.from}
          to={pair.to}
          sources={x.sourcesOf(mode, coins)}
          targets={targets}
          canSwap={x.swapped(mode, pair, coins) !== pair}
          onFrom={(from) => change(x.withFrom(mode, pair, from, coins))}
          onTo={(to) => change({ from: pair.from, to })}
          onSwap={() => change(x.swapped(mode, pair, coins))}
        />
        <AmountField
          field={amount}
          onEdit={() => flow.clear()}
          otherError={flow.amountError}
          label={t('form.amount', { currency: pair.from })}
          testId="exchange-amount"
          hint={t('form.available', {
            amount: formatAmount(available, pair.from, lang, decimals.from),
          })}
          end={
            <button
              type="button"
              className="field__action"
              data-testid="exchange-max"
              onClick={() => {
                amount.set(available);
                flow.clear();
              }}
            >
              {t('form.max')}
            </button>
          }
        />
        <FormAlert message={flow.formError} testId="exchange-error" />
        {!flow.quote && (
          <SubmitButton busy={flow.busy} testId="exchange-quote">
            {t('form.get_quote')}
          </SubmitButton>
        )}
      </form>
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
      {flow.sheetOpen && flow.quote && (
        <ConfirmSheet
          title={t('sheet.title')}
          rows={rows}
          costs={null}
          needPassword
          // Not the order sheet's "you chose to confirm orders…": an exchange always asks.
          password={{ label: t('sheet.password_label'), hint: t('sheet.password_hint') }}
          tone="buy"
          confirmLabel={t('sheet.confirm')}
          busy={flow.busy}
          error={flow.sheetError}
          onConfirm={(pin) => void flow.book(pin)}
          onCancel={flow.closeSheet}
          testId="exchange-sheet"
        />
      )}
    </div>
  );
}
