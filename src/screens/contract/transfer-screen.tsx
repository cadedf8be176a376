import './namespace';
import '../../styles/contract.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { USDT_SCALE } from '../../../domain/format/money';
import { coinWalletEndpoints } from '../../../domain/protocol/endpoints/coin-wallet';
import type { CoinAssets } from '../../../domain/protocol/coin-wallet';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData, type LiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { PinField, PIN_LENGTH } from '../../components/form/pin-field';
import { AppForm, FormAlert, FormDone, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { formatAmount } from '../../../domain/format/display';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { showToast } from '../../services/toast';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { paths } from '../../paths/paths';
import { TransferGate } from './transfer-gate';
import { Button } from '../../components/button';

type Wallet = 'coin' | 'contract';
const loadAssets = () => call(coinWalletEndpoints.assets, {}, { silent: true });
const RECORDS_PATH = paths.assetsRecord;
/** The transfer form: its direction, amount and PIN, the balance it draws on, and the send (once per intent). */
function useTransfer(assets: LiveData<CoinAssets>) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const start = new URLSearchParams(useSearch()).get('from') === 'contract' ? 'contract' : 'coin';
  const [from, setFrom] = useState<Wallet>(start);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState('');
  const [done, setDone] = useState('');
  // A retry of the same transfer after a lost answer must not move the USDT twice.
  const action = useMoneyAction('wallet-transfer');
  const to: Wallet = from === 'coin' ? 'contract' : 'coin';

  let available: string | null = null;
  if (assets.status === 'ready') {
    available =
      from === 'coin'
        ? (assets.data.coin.find((row) => row.currency === 'USDT')?.available ?? '0')
        : assets.data.contract.available;
  }
  // Shown as the wallets show USDT; the field still takes its 8 decimals.
  const usdt = (value: string | null) => formatAmount(value, 'USDT', lang);
  const amount = useAmountField({ decimals: USDT_SCALE, unit: 'USDT', available: available ?? '0' });

  async function submit() {
    if (available === null) return;
    const value = amount.check();
    setPinError(pin.length !== PIN_LENGTH ? t('transfer.error_pin') : '');
    action.setError('');
    setDone('');
    if (value === null || pin.length !== PIN_LENGTH) return;
    const outcome = await action.run(
      (requestId) =>
        call(
          coinWalletEndpoints.transfer,
          { currency: 'USDT', from, to, amount: value, tradePassword: pin, requestId },
          { silent: true },
        ),
      { from, to, amount: value },
    );
    if (outcome.status === 'done') {
      const moved = usdt(outcome.result.amount);
      showToast(t('transfer.done', { amount: moved }));
      setDone(t(`transfer.done_to_${to}`, { amount: moved }));
      amount.set('');
      setPin('');
      // Behind the form, which keeps the done notice in place while the balances are read.
      assets.refresh();
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      // The password's and the balance's refusals belong to their fields.
      if (isApiError(error) && error.key === 'TRADE_PASSWORD_INCORRECT') setPinError(outcome.text);
      if (isApiError(error) && error.key === 'INSUFFICIENT_BALANCE') amount.setError(outcome.text);
      if (
        isApiError(error) &&
        (error.key === 'TRADE_PASSWORD_INCORRECT' || error.key === 'INSUFFICIENT_BALANCE')
      )
        action.setError('');
      // A lost answer may hide a transfer that went through: show the balances as they are now
      // (behind the form, which keeps what was typed for a retry with the same requestId).
      if (isApiError(error) && error.kind === 'network') assets.refresh();
    }
  }

  // Swapping starts over: a refusal or a done notice was about the other direction.
  function swap() {
    setFrom(to);
    amount.setError('');
    setPinError('');
    setDone('');
  }

  return { from, to, pin, setPin, pinError, done, setDone, action, available, usdt, amount, submit, swap };
}

/** From which account to which, and the button that swaps them. */
function TransferRoute({ from, to, onSwap }: { from: Wallet; to: Wallet; onSwap: () => void }) {
  const { t } = useTranslation('contract');
  const walletName = (wallet: Wallet) => t(`transfer.wallet_${wallet}`);
  return (
    <div className="surface-card swap-route transfer-route">
      <div className="line-stack transfer-route__leg">
        <span className="transfer-route__label">{t('transfer.from')}</span>
        <span data-testid="transfer-from">{walletName(from)}</span>
      </div>
      <Button
        className="transfer-route__swap"
        aria-label={t('transfer.swap')}
        testId="transfer-swap"
        onClick={onSwap}
      >
        ⇅
      </Button>
      <div className="line-stack transfer-route__leg">
        <span className="transfer-route__label">{t('transfer.to')}</span>
        <span data-testid="transfer-to">{walletName(to)}</span>
      </div>
    </div>
  );
}

/** The amount, the trade password and the send; the done notice links to the records. */
function TransferForm({ form }: { form: ReturnType<typeof useTransfer> }) {
  const { t } = useTranslation('contract');
  const { amount, available } = form;
  return (
    <AppForm className="form" onSubmit={form.submit}>
      <TransferRoute from={form.from} to={form.to} onSwap={form.swap} />
      <AmountField
        field={amount}
        onEdit={() => form.setDone('')}
        label={t('transfer.amount')}
        testId="transfer-amount"
        hint={t('transfer.available', { amount: form.usdt(available) })}
        end={
          <button
            type="button"
            className="field__action"
            data-testid="transfer-max"
            onClick={() => amount.set(available ?? '0')}
          >
            {t('transfer.max')}
          </button>
        }
      />
      <PinField
        label={t('transfer.password')}
        value={form.pin}
        onValueChange={form.setPin}
        testId="transfer-pin"
        error={form.pinError || undefined}
      />
      <FormAlert message={form.action.error} testId="transfer-error" />
      <FormDone message={form.done} testId="transfer-done">
        <Link href={RECORDS_PATH} data-testid="transfer-records">
          {t('transfer.records')}
        </Link>
      </FormDone>
      <SubmitButton busy={form.action.busy} testId="transfer-submit">
        {t('transfer.submit')}
      </SubmitButton>
      <p className="hint">{t('transfer.note')}</p>
    </AppForm>
  );
}

/**
 * /pages/exchange/cryptoTransfer: USDT between the currency (coin) and contract accounts. The
 * amount is checked here as the server checks it (> 0, ≤ available) so a mistake is caught before
 * the trade password is asked for; the server decides (DECISIONS §3: trade password required).
 */
export default function TransferScreen() {
  const { t } = useTranslation('contract');
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const assets = useLiveData('coin-assets', loadAssets);
  // The available balance follows the ledger: a request whose answer was on its way when the
  // screen was left went through, and the form opened again showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  const form = useTransfer(assets);
  const passwordSet = profile?.tradePasswordSet;
  let body;
  if (assets.status === 'loading' || profile === null) body = <ListSkeleton rows={3} />;
  else if (assets.status === 'error') body = <ErrorState error={assets.error} onRetry={assets.reload} />;
  else if (!passwordSet) body = <TransferGate assets={assets.data} />;
  else body = <TransferForm form={form} />;

  return (
    <Screen className="contract-screen">
      <Navbar title={t('transfer.title')} />
      <div className="screen__body">{body}</div>
    </Screen>
  );
}
