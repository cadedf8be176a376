import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatTime } from '../../../domain/format/date';
import { formatTry } from '../../../domain/format/number';
import { AmountField } from '../../components/form/amount-field';
import type { AmountFieldState } from '../../components/form/use-amount-field';
import type { MoneyAction } from '../../components/form/use-money-action';
import { AppForm, SubmitButton } from '../../components/form/submit-button';
import { prefs } from '../../state/prefs';
import { useTranslation } from '../../i18n/hook';
import type { BankCard, Withdrawal, WithdrawStatus } from '../../../domain/protocol/funding';
import { withdrawPreview, type WithdrawPreview } from '../../../domain/funding/fees';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { ADD_BANK_PATH } from '../../components/funding/block-state';
import { useBankName } from '../../components/funding/bank-name';
import { PendingResult } from './pending-result';
import { paths } from '../../paths/paths';

/** What the held withdrawal books, and the way to its record. */
export function WithdrawPending({
  done,
  expectedHours,
}: {
  done: Withdrawal;
  expectedHours: WithdrawStatus['expectedHours'];
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  return (
    <PendingResult
      testId="withdraw-pending"
      title={t('withdraw.pending_title')}
      rows={[
        { label: t('withdraw.amount'), value: formatTry(done.amount, lang) },
        { label: t('withdraw.fee'), value: formatTry(done.fee, lang) },
        {
          label: t('withdraw.receive'),
          value: formatTry(done.receive, lang),
          testId: 'withdraw-pending-receive',
          tone: 'strong',
        },
      ]}
      next={t('withdraw.next', { hours: expectedHours, count: Number(expectedHours) })}
      records={{ href: paths.withdrawRecord, label: t('withdraw.records'), testId: 'withdraw-to-records' }}
    />
  );
}

/** The saved cards as radio rows, and the way to add one. */
export function WithdrawCardPicker({
  cards,
  cardId,
  onPick,
}: {
  cards: readonly BankCard[];
  cardId: string;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  return (
    <fieldset className="card-list card-picker" data-testid="withdraw-cards">
      <legend className="field__label">{t('withdraw.to_card')}</legend>
      {cards.map((entry) => (
        <label key={entry.id} className="tap-card card-picker__option">
          <input
            type="radio"
            name="card"
            value={entry.id}
            checked={entry.id === cardId}
            onChange={() => onPick(entry.id)}
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
  );
}

/** The confirm sheet: card, amount, fee, what arrives, and the withdrawal password. */
export function WithdrawConfirm({
  card,
  amount,
  preview,
  expectedHours,
  action,
  locked,
  onConfirm,
  onCancel,
}: {
  card: BankCard;
  amount: string;
  preview: Extract<WithdrawPreview, { ok: true }>;
  expectedHours: WithdrawStatus['expectedHours'];
  /** The form's send: whether it is out, and its refusal. */
  action: Pick<MoneyAction, 'busy' | 'error'>;
  locked: boolean;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const bankNameOf = useBankName();
  return (
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
        { label: t('withdraw.amount'), value: formatTry(amount, lang) },
        { label: t('withdraw.fee'), value: formatTry(preview.fee, lang), testId: 'withdraw-confirm-fee' },
        {
          label: t('withdraw.receive'),
          value: formatTry(preview.receive, lang),
          testId: 'withdraw-confirm-receive',
          tone: 'strong',
        },
        {
          label: t('withdraw.expected'),
          value: t('withdraw.expected_hours', { hours: expectedHours, count: Number(expectedHours) }),
        },
      ]}
      costs={<p className="hint">{t('withdraw.hold_note')}</p>}
      needPassword
      password={{ label: t('withdraw.password'), hint: t('withdraw.password_hint') }}
      tone="sell"
      confirmLabel={t('withdraw.confirm')}
      busy={action.busy}
      // Locked, the right PIN is refused too: "Çek" waits for the unlock time it shows.
      hold={locked}
      error={action.error}
      onConfirm={(password) => onConfirm(password ?? '')}
      onCancel={onCancel}
      testId="withdraw-confirm"
    />
  );
}

/**
 * The form: where it goes (the card picker, as children), the amount (or all of it), the live fee
 * and what arrives, and the PIN lock's time.
 */
export function WithdrawEntry({
  amount,
  status,
  lockedUntil,
  onSubmit,
  children,
}: {
  amount: AmountFieldState;
  status: WithdrawStatus;
  lockedUntil: number | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  // From the same formula the server books with, as the amount is typed.
  const preview =
    amount.value !== '' && new Decimal(amount.value).gt(0) ? withdrawPreview(amount.value, status) : null;
  const previewRows =
    preview === null
      ? [{ label: t('withdraw.fee'), value: '--' }]
      : [{ label: t('withdraw.fee'), value: formatTry(preview.fee, lang), testId: 'withdraw-fee' }];
  return (
    <AppForm onSubmit={onSubmit}>
      {children}
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
          value: preview?.ok ? formatTry(preview.receive, lang) : '--',
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
    </AppForm>
  );
}
