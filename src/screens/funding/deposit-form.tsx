import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatTry } from '../../../domain/format/number';
import type { Deposit, RechargeChannel } from '../../../domain/protocol/funding';
import { AppForm, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField, type AmountFieldState } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { TRY_SCALE } from '../../../domain/format/money';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { prefs } from '../../state/prefs';
import { ChannelCard } from './channel-card';
import { ReceiptPicker } from './receipt-picker';
import { PendingResult } from './pending-result';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

export type DepositMethod = 'bank' | 'offline';

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
  limits: { min: string; max: string };
  /** A bank transfer's way to the offline form, for users who have the receipt at hand. */
  receiptHref?: string | undefined;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const [receipt, setReceipt] = useState<Blob | null>(null);
  const [receiptError, setReceiptError] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  // The channel may be narrower than the general terms: the stricter of both applies.
  const min = Decimal.max(limits.min, channel.minAmount).toFixed();
  const max = Decimal.min(limits.max, channel.maxAmount).toFixed();
  const amount = useAmountField({ decimals: TRY_SCALE, unit: 'TRY', min, max });
  const money = (value: string) => formatTry(value, lang);
  const { action, done, send } = useDepositSend(method, channel.id, receipt);

  function review() {
    const value = amount.check();
    const missingReceipt = method === 'offline' && !receipt;
    setReceiptError(missingReceipt ? t('RECEIPT_REQUIRED', { ns: 'errors' }) : '');
    action.setError('');
    if (value !== null && !missingReceipt) setConfirming(value);
  }

  if (done) return <DepositPending done={done} method={method} referenceCode={referenceCode} money={money} />;

  return (
    <>
      <ChannelCard channel={channel} referenceCode={referenceCode} />
      <DepositEntry
        amount={amount}
        hint={t('deposit.range', { min: money(min), max: money(max) })}
        method={method}
        receipt={receipt}
        onReceipt={setReceipt}
        receiptError={receiptError}
        onSubmit={review}
      />
      {receiptHref && (
        <Link className="text-link" href={receiptHref}>
          {t('deposit.have_receipt')}
        </Link>
      )}
      {confirming !== null && (
        <DepositConfirm
          bankName={channel.bankName}
          amount={confirming}
          referenceCode={referenceCode}
          money={money}
          busy={action.busy}
          error={action.error}
          onConfirm={() =>
            void send(confirming).then((sent) => {
              if (sent) setConfirming(null);
            })
          }
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}

type Money = (value: string) => string;

/** The request is pending: its amount, the reference and what the user does next. */
function DepositPending({
  done,
  method,
  referenceCode,
  money,
}: {
  done: Deposit;
  method: DepositMethod;
  referenceCode: string;
  money: Money;
}) {
  const { t } = useTranslation('funding');
  return (
    <PendingResult
      testId="deposit-pending"
      title={t('deposit.pending_title')}
      rows={[
        { label: t('deposit.amount'), value: money(done.amount), testId: 'deposit-pending-amount' },
        { label: t('channel.reference'), value: done.referenceCode ?? referenceCode },
      ]}
      next={t(`deposit.next_${method}`)}
      records={{ href: paths.bankRecord, label: t('deposit.records'), testId: 'deposit-records' }}
    />
  );
}

/** The last look before the request: to which bank, how much, with which reference. */
function DepositConfirm({
  bankName,
  amount,
  referenceCode,
  money,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  bankName: string;
  amount: string;
  referenceCode: string;
  money: Money;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('funding');
  return (
    <ConfirmSheet
      title={t('deposit.confirm_title')}
      rows={[
        { label: t('deposit.to'), value: bankName },
        { label: t('deposit.amount'), value: money(amount), testId: 'deposit-confirm-amount' },
        { label: t('channel.reference'), value: referenceCode },
      ]}
      costs={<p className="hint">{t('deposit.confirm_note')}</p>}
      needPassword={false}
      tone="buy"
      confirmLabel={t('deposit.confirm')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="deposit-confirm"
    />
  );
}

/** Sends the request once: a bank transfer, or an offline one with its receipt. */
function useDepositSend(method: DepositMethod, channelId: RechargeChannel['id'], receipt: Blob | null) {
  const action = useMoneyAction();
  const [done, setDone] = useState<Deposit | null>(null);

  async function send(value: string): Promise<boolean> {
    const request = { channelId, amount: value };
    const outcome = await action.run(() =>
      call(
        fundingBankEndpoints.addDeposit,
        method === 'offline' && receipt
          ? { ...request, method: 'offline', receipt }
          : { ...request, method: 'bank' },
        { silent: true },
      ),
    );
    if (outcome.status !== 'done') return false;
    setDone(outcome.result);
    return true;
  }

  return { action, done, send };
}

/** The amount within the limits and, offline, the receipt. */
function DepositEntry({
  amount,
  hint,
  method,
  receipt,
  onReceipt,
  receiptError,
  onSubmit,
}: {
  amount: AmountFieldState;
  hint: string;
  method: DepositMethod;
  receipt: Blob | null;
  onReceipt: (receipt: Blob | null) => void;
  receiptError: string;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('funding');
  return (
    <AppForm onSubmit={onSubmit}>
      <AmountField field={amount} label={t('deposit.amount_input')} testId="deposit-amount" hint={hint} />
      {method === 'offline' && (
        <ReceiptPicker value={receipt} onChange={onReceipt} error={receiptError || undefined} />
      )}
      <SubmitButton busy={false} testId="deposit-submit">
        {t('deposit.submit')}
      </SubmitButton>
      <p className="hint">{t('deposit.note')}</p>
    </AppForm>
  );
}
