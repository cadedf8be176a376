import { useTranslation } from '../../i18n/hook';
import type { Withdrawal } from '../../../domain/protocol/funding';
import type { CoinChain, WithdrawAddress } from '../../../domain/protocol/funding-coin';
import { useSnapshot } from 'valtio';
import { formatTime } from '../../../domain/format/date';
import type { MoneyAction } from '../../components/form/use-money-action';
import type { usePinLock } from '../../components/funding/use-pin-lock';
import { prefs } from '../../state/prefs';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { shortenMiddle } from './shorten';
import { useCoinAmount } from './coin-chain-picker';
import { StatusBadge } from './status-badge';
import { withdrawalDetailHref } from './withdraw-records-screen';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';
import { Button, ButtonLink } from '../../components/button';

/** What the form reviewed: the address as it stood then, the amount and its figures. */
export type WithdrawReview = { address: WithdrawAddress; amount: string; fee: string; receive: string };

/**
 * The last look before the coins leave: where to, how much, the fee, what arrives and when, and
 * the 6-digit withdrawal password. The server holds the amount at once (pending).
 */
export function WithdrawConfirm({
  currency,
  chain,
  review,
  action,
  pinLock,
  onCancel,
  onDone,
}: {
  currency: string;
  chain: CoinChain;
  review: WithdrawReview;
  /** The form's, so a retry after a lost answer, even from a reopened sheet, sends the same id. */
  action: MoneyAction;
  /** The form's too: a lock the sheet meets stays on the form after the sheet closes. */
  pinLock: ReturnType<typeof usePinLock>;
  onCancel: () => void;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  const { lang } = useSnapshot(prefs);
  const confirm = async (password: string | undefined) => {
    const outcome = await action.run(
      (requestId) =>
        call(
          fundingCoinEndpoints.addWithdrawal,
          {
            addressId: review.address.id,
            amount: review.amount,
            withdrawPassword: password ?? '',
            requestId,
          },
          { silent: true },
        ),
      { addressId: review.address.id, amount: review.amount },
    );
    if (outcome.status === 'done') onDone(outcome.result);
    if (outcome.status !== 'refused') return;
    const until = pinLock.took(outcome.error);
    // Locked, the right PIN is refused too: the sheet says until when, by the clock.
    if (until !== null) action.setError(t('withdraw.pin_locked', { time: formatTime(until, lang) }));
  };
  return (
    <ConfirmSheet
      title={t('withdraw.confirm_title')}
      rows={[
        { label: t('withdraw.coin'), value: `${currency} · ${chain.chain}`, testId: 'confirm-coin' },
        {
          label: t('withdraw.address'),
          value: shortenMiddle(review.address.address, 10),
          testId: 'confirm-address',
        },
        { label: t('withdraw.amount'), value: amount(review.amount, currency), testId: 'confirm-amount' },
        { label: t('terms.fee'), value: amount(review.fee, currency), testId: 'confirm-fee' },
        {
          label: t('withdraw.you_receive'),
          value: amount(review.receive, currency),
          testId: 'confirm-receive',
          tone: 'strong',
        },
        {
          label: t('terms.expected'),
          value: t('terms.expected_value', { minutes: chain.expectedMinutes }),
        },
      ]}
      costs={null}
      needPassword
      password={{ label: t('withdraw.password'), hint: t('withdraw.password_hint') }}
      tone="sell"
      confirmLabel={t('withdraw.confirm')}
      busy={action.busy}
      hold={pinLock.lockedUntil !== null}
      error={action.error}
      onConfirm={(password) => void confirm(password)}
      onCancel={onCancel}
      testId="withdraw-confirm"
    />
  );
}

/** The answer: requested and held, in progress, cancellable from the records until decided. */
export function WithdrawPending({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  return (
    <BottomSheet title={t('withdraw.pending_title')} onClose={onClose} testId="withdraw-pending">
      <StatusBadge status={withdrawal.status} kind="withdrawal" testId="withdraw-pending-status" />
      <p className="lead">
        {t('withdraw.pending_text', { amount: amount(withdrawal.amount, withdrawal.currency) })}
      </p>
      <FigureRows
        testId="withdraw-pending-figures"
        rows={[
          { label: t('detail.fee'), value: amount(withdrawal.fee, withdrawal.currency) },
          {
            label: t('detail.receive'),
            value: amount(withdrawal.receive, withdrawal.currency),
            tone: 'strong',
          },
        ]}
      />
      <div className="sheet__actions">
        <ButtonLink
          look="secondary"
          href={withdrawalDetailHref(withdrawal.id)}
          testId="withdraw-pending-record"
        >
          {t('withdraw.view_record')}
        </ButtonLink>
        <Button look="primary" data-autofocus onClick={onClose}>
          {t('sheet.done', { ns: 'trade' })}
        </Button>
      </div>
    </BottomSheet>
  );
}
