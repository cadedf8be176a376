import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { withdrawPreview } from '../../../domain/funding/fees';
import { formatTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/number';
import type { BankCard, Withdrawal, WithdrawStatus } from '../../../domain/protocol/funding';
import { ResultTitle } from '../../components/content/result-title';
import { SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown, FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { ADD_BANK_PATH } from '../../components/funding/block-state';
import { TRY_SCALE } from '../../../domain/format/money';
import { useBankName } from '../../components/funding/bank-name';
import { usePinLock } from '../../components/funding/use-pin-lock';
import { paths } from '../../routes/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

/**
 * Card, amount and a live preview — fee and what arrives, from the same formula the server books
 * with (domain/funding/fees.ts) — then the confirm sheet with the withdrawal password.
 */
export function WithdrawForm({
  status,
  cards,
  onHeld,
}: {
  status: WithdrawStatus;
  cards: readonly BankCard[];
  onHeld: (amount: string) => void;
}) {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  const { lang } = useSnapshot(prefs);
  const [cardId, setCardId] = useState(cards[0]?.id ?? '');
  const amount = useAmountField({
    decimals: TRY_SCALE,
    unit: 'TRY',
    min: status.minAmount,
    max: status.maxAmount,
    available: status.available,
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  // A retry of the same card and amount after a lost answer must not withdraw twice.
  const action = useMoneyAction('bank-withdrawal');
  const [done, setDone] = useState<Withdrawal | null>(null);
  const pinLock = usePinLock(status.pinLockedUntil);
  const lockedUntil = pinLock.lockedUntil;
  const money = (value: string) => formatMoney(value, lang, { currency: 'TRY' });
  const card = cards.find((entry) => entry.id === cardId);

  const preview =
    amount.value !== '' && new Decimal(amount.value).gt(0) ? withdrawPreview(amount.value, status) : null;

  function review() {
    const value = amount.check();
    if (value === null) return;
    const check = withdrawPreview(value, status);
    if (!check.ok) return amount.setError(t('FEE_EXCEEDS_AMOUNT', { ns: 'errors', fee: money(check.fee) }));
    action.setError('');
    setConfirming(value);
  }

  async function send(value: string, withdrawPassword: string) {
    const outcome = await action.run(
      (requestId) =>
        call(
          fundingBankEndpoints.addWithdrawal,
          { cardId, amount: value, withdrawPassword, requestId },
          { silent: true },
        ),
      { cardId, amount: value },
    );
    if (outcome.status === 'refused') {
      const until = pinLock.took(outcome.error);
      // A lock says until when, by the clock, beside the disabled button; not "in 60 minutes".
      if (until !== null) action.setError(t('withdraw.pin_locked', { time: formatTime(until, lang) }));
      return;
    }
    if (outcome.status !== 'done') return;
    setConfirming(null);
    setDone(outcome.result);
    onHeld(outcome.result.amount);
  }

  if (done)
    return (
      <section className="state-message funding-result" data-testid="withdraw-pending">
        <ResultTitle>{t('withdraw.pending_title')}</ResultTitle>
        <FigureRows
          rows={[
            { label: t('withdraw.amount'), value: money(done.amount) },
            { label: t('withdraw.fee'), value: money(done.fee) },
            {
              label: t('withdraw.receive'),
              value: money(done.receive),
              testId: 'withdraw-pending-receive',
              tone: 'strong',
            },
          ]}
        />
        <p className="state-message__body">{t('withdraw.next', { hours: status.expectedHours })}</p>
        <Link
          className="button button--primary"
          href={paths.withdrawRecord}
          data-testid="withdraw-to-records"
        >
          {t('withdraw.records')}
        </Link>
      </section>
    );

  const previewRows =
    preview === null
      ? [{ label: t('withdraw.fee'), value: '--' }]
      : [{ label: t('withdraw.fee'), value: money(preview.fee), testId: 'withdraw-fee' }];
  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <fieldset className="card-picker" data-testid="withdraw-cards">
          <legend className="field__label">{t('withdraw.to_card')}</legend>
          {cards.map((entry) => (
            <label key={entry.id} className="card-picker__option">
              <input
                type="radio"
                name="card"
                value={entry.id}
                checked={entry.id === cardId}
                onChange={() => setCardId(entry.id)}
                data-testid={`withdraw-card-${entry.id}`}
              />
              <span className="funding-row__main">
                <span className="funding-row__title">{bankNameOf(entry.bankName)}</span>
                <span className="funding-row__sub num">{entry.accountNumber}</span>
              </span>
            </label>
          ))}
          <Link className="text-link" href={ADD_BANK_PATH}>
            {t('cards.add')}
          </Link>
        </fieldset>
        <AmountField
          field={amount}
          label={t('withdraw.amount')}
          testId="withdraw-amount"
          end={
            <button
              type="button"
              className="field__action"
              data-testid="withdraw-all"
              onClick={() => amount.set(Decimal.min(status.available, status.maxAmount).toFixed())}
            >
              {t('withdraw.all')}
            </button>
          }
        />
        <CostBreakdown
          title={t('withdraw.preview')}
          rows={previewRows}
          total={{
            label: t('withdraw.receive'),
            value: preview?.ok ? money(preview.receive) : '--',
            testId: 'withdraw-receive',
          }}
          testId="withdraw-preview"
        />
        {lockedUntil !== null && (
          <p className="hint" role="status" data-testid="withdraw-pin-locked">
            {t('withdraw.pin_locked', { time: formatTime(lockedUntil, lang) })}
          </p>
        )}
        <SubmitButton busy={false} disabled={lockedUntil !== null} testId="withdraw-submit">
          {t('withdraw.submit')}
        </SubmitButton>
      </form>
      {confirming !== null && preview?.ok && card && (
        <ConfirmSheet
          title={t('withdraw.confirm_title')}
          rows={[
            {
              label: t('withdraw.to_card'),
              // The last four digits of the masked number ("…**13 26" → ···1326), not its last five
              // characters, which read "···13 26" with the grouping space inside.
              value: `${bankNameOf(card.bankName)} ···${card.accountNumber.replace(/\s/g, '').slice(-4)}`,
              testId: 'withdraw-confirm-card',
            },
            { label: t('withdraw.amount'), value: money(confirming) },
            { label: t('withdraw.fee'), value: money(preview.fee), testId: 'withdraw-confirm-fee' },
            {
              label: t('withdraw.receive'),
              value: money(preview.receive),
              testId: 'withdraw-confirm-receive',
              tone: 'strong',
            },
            {
              label: t('withdraw.expected'),
              value: t('withdraw.expected_hours', { hours: status.expectedHours }),
            },
          ]}
          costs={<p className="hint">{t('withdraw.hold_note')}</p>}
          needPassword
          password={{ label: t('withdraw.password'), hint: t('withdraw.password_hint') }}
          tone="sell"
          confirmLabel={t('withdraw.confirm')}
          busy={action.busy}
          // Locked, the right PIN is refused too: "Çek" waits for the unlock time it shows.
          hold={lockedUntil !== null}
          error={action.error}
          onConfirm={(password) => void send(confirming, password ?? '')}
          onCancel={() => setConfirming(null)}
          testId="withdraw-confirm"
        />
      )}
    </>
  );
}
