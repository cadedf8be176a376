import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import type { Deposit } from '../../../domain/protocol/funding';
import { isApiError } from '../../api/request';
import { ResultTitle } from '../../components/content/result-title';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { TextField } from '../../components/form/text-field';
import { useAmountField, type AmountFieldState } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { useCoinAmount } from './coin-chain-picker';
import { isTxHashForChain } from './address-check';
import { StatusBadge } from './status-badge';
import { USDT_SCALE } from '../../../domain/format/money';
import { paths, withQuery } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';

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
  const amountText = useCoinAmount();
  // Reported as sent on the chain: the coin's 8 decimals, at least the network's minimum.
  const field = useAmountField({ decimals: USDT_SCALE, unit: currency, min: minDeposit });
  const { txHash, changeHash, hashProblem, action, done, submit } = useTxReport(currency, chain, field);

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
      <AmountField
        field={field}
        label={t('deposit.amount')}
        testId="report-amount"
        hint={t('deposit.error_min', { min: amountText(minDeposit, currency) })}
      />
      <TextField
        label={t('deposit.tx_hash')}
        value={txHash}
        onValueChange={changeHash}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        testId="report-hash"
        error={hashProblem}
      />
      <FormAlert message={action.error} testId="report-error" />
      <SubmitButton busy={action.busy} testId="report-submit">
        {t('deposit.report')}
      </SubmitButton>
      {done && <ReportDone key={done.id} done={done} />}
    </form>
  );
}

/** The hash as typed, and the report sent once; a refusal about the hash or the minimum goes to its field. */
function useTxReport(currency: string, chain: string, field: AmountFieldState) {
  const { t } = useTranslation('coinFunding');
  const [txHash, setTxHash] = useState('');
  const [hashProblem, setHashProblem] = useState<string | undefined>(undefined);
  const action = useMoneyAction();
  const [done, setDone] = useState<Deposit | null>(null);

  const hashError = (hash: string) =>
    hash.trim() !== '' && !isTxHashForChain(chain, hash) ? t('deposit.error_hash', { chain }) : undefined;

  const changeHash = (value: string) => {
    setTxHash(value);
    setHashProblem(hashError(value));
  };

  async function submit() {
    const value = field.check();
    const badHash = isTxHashForChain(chain, txHash) ? undefined : t('deposit.error_hash', { chain });
    setHashProblem(badHash);
    action.setError('');
    if (value === null || badHash) return;
    const outcome = await action.run(() =>
      call(
        fundingCoinEndpoints.addDeposit,
        { currency, chain, amount: value, txHash: txHash.trim() },
        { silent: true },
      ),
    );
    if (outcome.status === 'done') {
      setDone(outcome.result);
      field.set('');
      setTxHash('');
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      // The hash's and the minimum's refusals belong to their fields.
      if (isApiError(error) && (error.key === 'TX_HASH_FORMAT' || error.key === 'TX_HASH_USED')) {
        setHashProblem(outcome.text);
        action.setError('');
      } else if (isApiError(error) && error.key === 'AMOUNT_BELOW_MINIMUM') {
        field.setError(outcome.text);
        action.setError('');
      }
    }
  }

  return { txHash, changeHash, hashProblem, action, done, submit };
}

/** The reported deposit, pending, with the way to its record. */
function ReportDone({ done }: { done: Deposit }) {
  const { t } = useTranslation('coinFunding');
  const amountText = useCoinAmount();
  return (
    // Focus moves to it, which reads it (a role=status region that appears with it is not
    // reliably read), and Tab goes on to its record link; a second report's result, again.
    <div data-testid="report-done">
      <ResultTitle className="lead">
        <StatusBadge status={done.status} kind="deposit" testId="report-status" />{' '}
        {t('deposit.reported', { amount: amountText(done.amount, done.currency) })}{' '}
        <Link
          className="text-link"
          href={withQuery(paths.recordDetail, { type: 'deposit', kind: 'crypto', id: done.id })}
        >
          {t('withdraw.view_record')}
        </Link>
      </ResultTitle>
    </div>
  );
}
