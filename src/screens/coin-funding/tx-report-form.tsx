import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { parseDecimalInput } from '../../../domain/format/parse';
import type { Deposit } from '../../../domain/protocol/funding';
import { reportCoinRecharge } from '../../api/coin-funding';
import { isApiError } from '../../api/request';
import { ResultTitle } from '../../components/content/result-title';
import { useErrorText } from '../../components/content/state-views';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { prefs } from '../../state/prefs';
import { useCoinAmount } from './coin-chain-picker';
import { isTxHashForChain } from './address-check';
import { StatusBadge } from './status-badge';
import { USDT_SCALE } from '../../../domain/format/money';

type Errors = { amount?: string; txHash?: string };

/**
 * "I have sent it": the amount and the transfer's hash, checked here for the network's hash shape
 * and the minimum, so the operator (or the sandbox chain) can match it. It is pending until then.
 */
export function TxReportForm({
  currency,
  chain,
  minDeposit,
}: {
  currency: string;
  chain: string;
  minDeposit: string;
}) {
  const { t } = useTranslation('coinFunding');
  const { lang } = useSnapshot(prefs);
  const amountText = useCoinAmount();
  const errorText = useErrorText();
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Deposit | null>(null);

  const hashError = (hash: string) =>
    hash.trim() !== '' && !isTxHashForChain(chain, hash) ? t('deposit.error_hash', { chain }) : undefined;

  async function submit() {
    const parsed = parseDecimalInput(amount, lang, { maxDecimals: USDT_SCALE });
    const next: Errors = {};
    if (!parsed.ok && parsed.error === 'TOO_MANY_DECIMALS')
      next.amount = t('AMOUNT_PRECISION', { ns: 'errors', decimals: USDT_SCALE });
    else if (!parsed.ok) next.amount = t('deposit.error_amount');
    else if (new Decimal(parsed.value).lte(0)) next.amount = t('AMOUNT_NOT_POSITIVE', { ns: 'errors' });
    else if (new Decimal(parsed.value).lt(minDeposit))
      next.amount = t('deposit.error_min', { min: amountText(minDeposit, currency) });
    if (!isTxHashForChain(chain, txHash)) next.txHash = t('deposit.error_hash', { chain });
    setErrors(next);
    setFormError('');
    if (next.amount || next.txHash || !parsed.ok) return;
    setBusy(true);
    try {
      const deposit = await reportCoinRecharge(
        { currency, chain, amount: parsed.value, txHash: txHash.trim() },
        { silent: true },
      );
      setDone(deposit);
      setAmount('');
      setTxHash('');
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      if (isApiError(error) && (error.key === 'TX_HASH_FORMAT' || error.key === 'TX_HASH_USED'))
        setErrors({ txHash: error.msg });
      else if (isApiError(error) && error.key === 'AMOUNT_BELOW_MINIMUM') setErrors({ amount: error.msg });
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form funding-card"
      noValidate
      aria-labelledby="tx-report-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="section-title" id="tx-report-title">
        {t('deposit.sent_title')}
      </h2>
      <p className="hint">{t('deposit.sent_lead')}</p>
      <TextField
        label={t('deposit.amount')}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        className="num"
        testId="report-amount"
        error={errors.amount}
        hint={t('deposit.error_min', { min: amountText(minDeposit, currency) })}
      />
      <TextField
        label={t('deposit.tx_hash')}
        value={txHash}
        onValueChange={(value) => {
          setTxHash(value);
          setErrors((current) => ({ ...current, txHash: hashError(value) }));
        }}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        testId="report-hash"
        error={errors.txHash}
      />
      <FormAlert message={formError} testId="report-error" />
      <SubmitButton busy={busy} testId="report-submit">
        {t('deposit.report')}
      </SubmitButton>
      {done && (
        // Focus moves to it, which reads it (a role=status region that appears with it is not
        // reliably read), and Tab goes on to its record link; a second report's result, again.
        <div key={done.id} data-testid="report-done">
          <ResultTitle className="lead">
            <StatusBadge status={done.status} kind="deposit" testId="report-status" />{' '}
            {t('deposit.reported', { amount: amountText(done.amount, done.currency) })}{' '}
            <Link
              className="text-link"
              href={`/pages/wallet/recordDetail?type=deposit&kind=crypto&id=${done.id}`}
            >
              {t('withdraw.view_record')}
            </Link>
          </ResultTitle>
        </div>
      )}
    </form>
  );
}
