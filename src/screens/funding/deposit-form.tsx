import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../domain/format/number';
import type { Deposit, RechargeChannel } from '../../../domain/protocol/funding';
import { addBankDeposit, addOfflineDeposit } from '../../api/funding';
import { isApiError } from '../../api/request';
import { ResultTitle } from '../../components/content/result-title';
import { useErrorText } from '../../components/content/state-views';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { checkAmount, type AmountLimits } from './amount-check';
import { ChannelCard } from './channel-card';
import { ReceiptPicker } from './receipt-picker';

export type DepositMethod = 'bank' | 'offline';

type Errors = { amount?: string; receipt?: string };

/** The amount (and, offline, the receipt), a last look, then the pending request and what comes next. */
export function DepositForm({
  method,
  channel,
  referenceCode,
  limits,
  receiptHref,
}: {
  method: DepositMethod;
  channel: RechargeChannel;
  referenceCode: string;
  limits: AmountLimits;
  /** A bank transfer's way to the offline form, for users who have the receipt at hand. */
  receiptHref?: string | undefined;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const errorText = useErrorText();
  const [amountText, setAmountText] = useState('');
  const [receipt, setReceipt] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sheetError, setSheetError] = useState('');
  const [done, setDone] = useState<Deposit | null>(null);
  // The channel may be narrower than the general terms: the stricter of both applies.
  const min = Decimal.max(limits.min, channel.minAmount).toFixed();
  const max = Decimal.min(limits.max, channel.maxAmount).toFixed();
  const money = (value: string) => formatMoney(value, lang, { currency: 'TRY' });

  function review() {
    const amount = checkAmount(amountText, lang, { min, max }, t);
    const next: Errors = {};
    if (!amount.ok) next.amount = amount.error;
    if (method === 'offline' && !receipt) next.receipt = t('RECEIPT_REQUIRED', { ns: 'errors' });
    setErrors(next);
    setFormError('');
    setSheetError('');
    if (amount.ok && !next.receipt) setConfirming(amount.value);
  }

  async function send(amount: string) {
    setBusy(true);
    setSheetError('');
    try {
      const request = { channelId: channel.id, amount };
      const deposit =
        method === 'offline' && receipt
          ? await addOfflineDeposit(request, receipt, { silent: true })
          : await addBankDeposit(request, { silent: true });
      setConfirming(null);
      setDone(deposit);
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      setSheetError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <section className="state-message funding-result" data-testid="deposit-pending">
        <ResultTitle>{t('deposit.pending_title')}</ResultTitle>
        <FigureRows
          rows={[
            { label: t('deposit.amount'), value: money(done.amount), testId: 'deposit-pending-amount' },
            { label: t('channel.reference'), value: done.referenceCode ?? referenceCode },
          ]}
        />
        <p className="state-message__body">{t(`deposit.next_${method}`)}</p>
        <Link
          className="button button--primary"
          href="/pages/recharge/bankRecord"
          data-testid="deposit-records"
        >
          {t('deposit.records')}
        </Link>
      </section>
    );

  return (
    <>
      <ChannelCard channel={channel} referenceCode={referenceCode} />
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <TextField
          label={t('deposit.amount_input')}
          value={amountText}
          onValueChange={setAmountText}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="deposit-amount"
          error={errors.amount}
          hint={t('deposit.range', { min: money(min), max: money(max) })}
        />
        {method === 'offline' && (
          <ReceiptPicker value={receipt} onChange={setReceipt} error={errors.receipt} />
        )}
        <FormAlert message={formError} testId="deposit-error" />
        <SubmitButton busy={false} testId="deposit-submit">
          {t('deposit.submit')}
        </SubmitButton>
        <p className="hint">{t('deposit.note')}</p>
      </form>
      {receiptHref && (
        <Link className="text-link" href={receiptHref}>
          {t('deposit.have_receipt')}
        </Link>
      )}
      {confirming !== null && (
        <ConfirmSheet
          title={t('deposit.confirm_title')}
          rows={[
            { label: t('deposit.to'), value: channel.bankName },
            { label: t('deposit.amount'), value: money(confirming), testId: 'deposit-confirm-amount' },
            { label: t('channel.reference'), value: referenceCode },
          ]}
          costs={<p className="hint">{t('deposit.confirm_note')}</p>}
          needPassword={false}
          tone="buy"
          confirmLabel={t('deposit.confirm')}
          busy={busy}
          error={sheetError}
          onConfirm={() => void send(confirming)}
          onCancel={() => setConfirming(null)}
          testId="deposit-confirm"
        />
      )}
    </>
  );
}
