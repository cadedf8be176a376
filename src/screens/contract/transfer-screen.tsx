import './namespace';
import '../../styles/contract.css';
import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatMoney } from '../../../domain/format/number';
import { readNumberInput } from '../../../domain/rules/number-input';
import { getCoinAssets, transferUsdt } from '../../api/coin-trading';
import { isApiError } from '../../api/request';
import { RequestIntent } from '../../api/request-id';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { toInputText } from '../../components/contract/steps';
import { PinField, PIN_LENGTH } from '../../components/form/pin-field';
import { FormAlert, FormDone, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { showToast } from '../../services/toast';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';

type Wallet = 'coin' | 'contract';
const loadAssets = () => getCoinAssets({ silent: true });
const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';
const RECORDS_PATH = '/pages/coin/assetsRecord';
/**
 * /pages/exchange/cryptoTransfer: USDT between the currency (coin) and contract accounts. The
 * amount is checked here as the server checks it (> 0, ≤ available) so a mistake is caught before
 * the trade password is asked for; the server decides (DECISIONS §3: trade password required).
 */
export default function TransferScreen() {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const assets = useLiveData('coin-assets', loadAssets);
  // The available balance follows the ledger: a request whose answer was on its way when the
  // screen was left went through, and the form opened again showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  const start = new URLSearchParams(useSearch()).get('from') === 'contract' ? 'contract' : 'coin';
  const [from, setFrom] = useState<Wallet>(start);
  const [amountText, setAmountText] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; pin?: string }>({});
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  // A retry of the same transfer after a lost answer must not move the USDT twice.
  const [intent] = useState(() => new RequestIntent('wallet-transfer'));
  const errorText = useErrorText();
  const to: Wallet = from === 'coin' ? 'contract' : 'coin';

  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  let available: string | null = null;
  if (assets.status === 'ready') {
    available =
      from === 'coin'
        ? (assets.data.coin.find((row) => row.currency === 'USDT')?.available ?? '0')
        : assets.data.contract.available;
  }
  const passwordSet = profile?.tradePasswordSet;

  async function submit() {
    if (available === null) return;
    const typed = readNumberInput(amountText, lang, { field: 'amount', decimals: USDT_SCALE });
    const next: typeof errors = {};
    // A typed slip (too many decimals, a minus sign) in the words every form uses for it.
    if (typed.error)
      next.amount = t(typed.error.key, { ns: 'errors', ...typed.error.params, field: t('transfer.amount') });
    else if (typed.value === null || new Decimal(typed.value).lte(0))
      next.amount = t('transfer.error_amount');
    else if (new Decimal(typed.value).gt(available))
      next.amount = t('transfer.error_exceeds', { amount: formatMoney(available, lang) });
    if (pin.length !== PIN_LENGTH) next.pin = t('transfer.error_pin');
    setErrors(next);
    setFormError('');
    setDone('');
    if (next.amount || next.pin || typed.value === null) return;
    setBusy(true);
    try {
      const requestId = intent.idFor({ from, to, amount: typed.value });
      const done = await transferUsdt(
        { from, to, amount: typed.value, tradePassword: pin, requestId },
        { silent: true },
      );
      intent.done();
      const amount = formatMoney(done.amount, lang);
      showToast(t('transfer.done', { amount }));
      setDone(t(`transfer.done_to_${to}`, { amount }));
      setAmountText('');
      setPin('');
      // Behind the form, which keeps the done notice in place while the balances are read.
      assets.refresh();
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      if (isApiError(error) && error.key === 'TRADE_PASSWORD_INCORRECT') setErrors({ pin: error.msg });
      else if (isApiError(error) && error.key === 'INSUFFICIENT_BALANCE') setErrors({ amount: error.msg });
      else setFormError(errorText(error));
      // A lost answer may hide a transfer that went through: show the balances as they are now
      // (behind the form, which keeps what was typed for a retry with the same requestId).
      if (isApiError(error) && error.kind === 'network') assets.refresh();
    } finally {
      setBusy(false);
    }
  }

  const walletName = (wallet: Wallet) => t(`transfer.wallet_${wallet}`);
  let body;
  if (assets.status === 'loading' || profile === null) body = <ListSkeleton rows={3} />;
  else if (assets.status === 'error') body = <ErrorState error={assets.error} onRetry={assets.reload} />;
  else if (!passwordSet)
    body = (
      <div className="state-message" data-testid="transfer-no-password">
        <p className="state-message__title">{t('transfer.no_password')}</p>
        <Link
          className="button button--primary"
          href={TRADE_PASSWORD_PATH}
          data-testid="transfer-set-password"
        >
          {t('transfer.set_password')}
        </Link>
      </div>
    );
  else
    body = (
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="transfer-route">
          <div className="transfer-route__leg">
            <span className="transfer-route__label">{t('transfer.from')}</span>
            <span data-testid="transfer-from">{walletName(from)}</span>
          </div>
          <button
            type="button"
            className="button button--secondary transfer-route__swap"
            aria-label={t('transfer.swap')}
            data-testid="transfer-swap"
            onClick={() => {
              setFrom(to);
              setErrors({});
              setDone('');
            }}
          >
            ⇅
          </button>
          <div className="transfer-route__leg">
            <span className="transfer-route__label">{t('transfer.to')}</span>
            <span data-testid="transfer-to">{walletName(to)}</span>
          </div>
        </div>
        <TextField
          label={t('transfer.amount')}
          value={amountText}
          onValueChange={(text) => {
            setAmountText(text);
            setDone('');
          }}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="transfer-amount"
          error={errors.amount}
          hint={t('transfer.available', { amount: formatMoney(available, lang) })}
          end={
            <button
              type="button"
              className="field__action"
              data-testid="transfer-max"
              onClick={() => setAmountText(toInputText(available ?? '0', USDT_SCALE, lang))}
            >
              {t('transfer.max')}
            </button>
          }
        />
        <PinField
          label={t('transfer.password')}
          value={pin}
          onValueChange={setPin}
          testId="transfer-pin"
          error={errors.pin}
        />
        <FormAlert message={formError} testId="transfer-error" />
        <FormDone message={done} testId="transfer-done">
          <Link href={RECORDS_PATH} data-testid="transfer-records">
            {t('transfer.records')}
          </Link>
        </FormDone>
        <SubmitButton busy={busy} testId="transfer-submit">
          {t('transfer.submit')}
        </SubmitButton>
        <p className="hint">{t('transfer.note')}</p>
      </form>
    );

  return (
    <Screen className="contract-screen">
      <Navbar title={t('transfer.title')} />
      <div className="screen__body">{body}</div>
    </Screen>
  );
}
