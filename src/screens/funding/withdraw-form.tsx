import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { withdrawPreview, type WithdrawPreview } from '../../../domain/funding/fees';
import { formatTime } from '../../../domain/format/date';
import type { BankCard, Withdrawal, WithdrawStatus } from '../../../domain/protocol/funding';
import { useAmountField } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { prefs } from '../../state/prefs';
import { TRY_SCALE } from '../../../domain/format/money';
import { formatTry } from '../../../domain/format/number';
import { usePinLock } from '../../components/funding/use-pin-lock';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { WithdrawCardPicker, WithdrawConfirm, WithdrawEntry, WithdrawPending } from './withdraw-parts';

/** What the confirm sheet asks about: the amount as checked, with its fee and what arrives. */
type Review = { amount: string; preview: Extract<WithdrawPreview, { ok: true }> };

/** Sends the withdrawal once (a retry after a lost answer reuses its request id) and keeps the PIN lock. */
function useWithdrawSend(
  cardId: string,
  pinLockedUntil: WithdrawStatus['pinLockedUntil'],
  onHeld: (amount: string) => void,
) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  // A retry of the same card and amount after a lost answer must not withdraw twice.
  const action = useMoneyAction('bank-withdrawal');
  const [done, setDone] = useState<Withdrawal | null>(null);
  const pinLock = usePinLock(pinLockedUntil);

  async function send(value: string, withdrawPassword: string): Promise<boolean> {
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
      return false;
    }
    if (outcome.status !== 'done') return false;
    setDone(outcome.result);
    onHeld(outcome.result.amount);
    return true;
  }

  return { action, done, lockedUntil: pinLock.lockedUntil, send };
}

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
  const [cardId, setCardId] = useState(cards[0]?.id ?? '');
  const amount = useAmountField({
    decimals: TRY_SCALE,
    unit: 'TRY',
    min: status.minAmount,
    max: status.maxAmount,
    available: status.available,
  });
  const [confirming, setConfirming] = useState<Review | null>(null);
  const { action, done, lockedUntil, send } = useWithdrawSend(cardId, status.pinLockedUntil, onHeld);
  const { lang } = useSnapshot(prefs);
  const card = cards.find((entry) => entry.id === cardId);

  function review() {
    const value = amount.check();
    if (value === null) return;
    const preview = withdrawPreview(value, status);
    if (!preview.ok)
      return amount.setError(t('FEE_EXCEEDS_AMOUNT', { ns: 'errors', fee: formatTry(preview.fee, lang) }));
    action.setError('');
    setConfirming({ amount: value, preview });
  }

  if (done) return <WithdrawPending done={done} expectedHours={status.expectedHours} />;

  return (
    <>
      <WithdrawEntry amount={amount} status={status} lockedUntil={lockedUntil} onSubmit={review}>
        <WithdrawCardPicker cards={cards} cardId={cardId} onPick={setCardId} />
      </WithdrawEntry>
      {confirming !== null && card && (
        <WithdrawConfirm
          card={card}
          amount={confirming.amount}
          preview={confirming.preview}
          expectedHours={status.expectedHours}
          action={action}
          locked={lockedUntil !== null}
          onConfirm={(password) =>
            void send(confirming.amount, password).then((held) => {
              if (held) setConfirming(null);
            })
          }
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
