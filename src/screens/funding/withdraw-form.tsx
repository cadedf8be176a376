import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { withdrawPreview } from '../../../domain/funding/fees';
import { formatTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/number';
import { parseDecimalInput } from '../../../domain/format/parse';
import type { BankCard, Withdrawal, WithdrawStatus } from '../../../domain/protocol/funding';
import { addWithdrawal } from '../../api/funding';
import { isApiError } from '../../api/request';
import { RequestIntent } from '../../api/request-id';
import { ResultTitle } from '../../components/content/result-title';
import { useErrorText } from '../../components/content/state-views';
import { toInputText } from '../../components/contract/steps';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown, FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { checkAmount } from './amount-check';
import { ADD_BANK_PATH } from '../../components/funding/block-state';
import { TRY_SCALE } from '../../../domain/format/money';
import { useBankName } from '../../components/funding/bank-name';
import { usePinLock } from '../../components/funding/use-pin-lock';

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
  const errorText = useErrorText();
  const [cardId, setCardId] = useState(cards[0]?.id ?? '');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sheetError, setSheetError] = useState('');
  const [done, setDone] = useState<Withdrawal | null>(null);
  // A retry of the same card and amount after a lost answer must not withdraw twice.
  const [intent] = useState(() => new RequestIntent('bank-withdrawal'));
  const pinLock = usePinLock(status.pinLockedUntil);
  const lockedUntil = pinLock.lockedUntil;
  const money = (value: string) => formatMoney(value, lang, { currency: 'TRY' });
  const card = cards.find((entry) => entry.id === cardId);

  const parsed = parseDecimalInput(amountText, lang, { maxDecimals: TRY_SCALE });
  const preview = parsed.ok && new Decimal(parsed.value).gt(0) ? withdrawPreview(parsed.value, status) : null;

  function review() {
    const amount = checkAmount(
      amountText,
      lang,
      { min: status.minAmount, max: status.maxAmount, available: status.available },
      t,
    );
    if (!amount.ok) return setAmountError(amount.error);
    const check = withdrawPreview(amount.value, status);
    if (!check.ok) return setAmountError(t('FEE_EXCEEDS_AMOUNT', { ns: 'errors', fee: money(check.fee) }));
    setAmountError('');
    setSheetError('');
    setConfirming(amount.value);
  }

  async function send(amount: string, withdrawPassword: string) {
    setBusy(true);
    setSheetError('');
    try {
      const requestId = intent.idFor({ cardId, amount });
      const withdrawal = await addWithdrawal(
        { cardId, amount, withdrawPassword, requestId },
        { silent: true },
      );
      intent.done();
      setConfirming(null);
      setDone(withdrawal);
      onHeld(withdrawal.amount);
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      const until = pinLock.took(error);
      // A lock says until when, by the clock, beside the disabled button; not "in 60 minutes".
      setSheetError(
        until === null ? errorText(error) : t('withdraw.pin_locked', { time: formatTime(until, lang) }),
      );
    } finally {
      setBusy(false);
    }
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
          href="/pages/withdraw/withdrawRecord"
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
        <TextField
          label={t('withdraw.amount')}
          value={amountText}
          onValueChange={(text) => {
            setAmountText(text);
            setAmountError('');
          }}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="withdraw-amount"
          error={amountError || undefined}
          end={
            <button
              type="button"
              className="field__action"
              data-testid="withdraw-all"
              onClick={() =>
                setAmountText(toInputText(Decimal.min(status.available, status.maxAmount).toFixed(), 2, lang))
              }
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
          busy={busy}
          // Locked, the right PIN is refused too: "Çek" waits for the unlock time it shows.
          hold={lockedUntil !== null}
          error={sheetError}
          onConfirm={(password) => void send(confirming, password ?? '')}
          onCancel={() => setConfirming(null)}
          testId="withdraw-confirm"
        />
      )}
    </>
  );
}
