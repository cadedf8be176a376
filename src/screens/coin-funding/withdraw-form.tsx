import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { previewCoinWithdraw, type CoinWithdrawPreview } from '../../../domain/funding/coin-withdraw-preview';
import type { Withdrawal } from '../../../domain/protocol/funding';
import type { CoinChain, WithdrawAddress } from '../../../domain/protocol/funding-coin';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { AppForm, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField, type AmountFieldState } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { FigureRows } from '../../components/trade/figure-rows';
import { shortenMiddle } from './shorten';
import { pickerHref } from './address-pick';
import { coinPlaces, useCoinAmount } from './coin-chain-picker';
import { WithdrawConfirm, WithdrawPending, type WithdrawReview } from './withdraw-confirm';
import { paths, withQuery } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';
import { ButtonLink } from '../../components/button';
import { usePinLock } from '../../components/funding/use-pin-lock';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { formatTime } from '../../../domain/format/date';
import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';

/** The withdrawal PIN's lock, the same for bank and coin withdrawals, as the broker states it now. */
const loadPinLock = () =>
  call(fundingBankEndpoints.withdrawStatus, {}, { silent: true }).then((s) => s.pinLockedUntil);

export type WithdrawFormProps = {
  currency: string;
  chain: CoinChain;
  available: string;
  /** The address picked or named in the URL; else the first saved one on this network. */
  addressId: string | null;
  onDone: () => void;
};

/** Address, amount and the full preview (fee, minimum, what arrives, when) before confirming. */
export function WithdrawForm({ currency, chain, available, addressId, onDone }: WithdrawFormProps) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  const addresses = useLiveData(`withdraw-addresses:${currency}`, () =>
    call(fundingCoinEndpoints.withdrawAddresses, { currency }, { silent: true }).then((a) => a.list),
  );
  const places = coinPlaces(currency);
  const field = useAmountField({ decimals: places, unit: currency, min: chain.minWithdraw, available });
  const [review, setReview] = useState<WithdrawReview | null>(null);
  const [pending, setPending] = useState<Withdrawal | null>(null);
  // Outlives the confirm sheet: a retry after a lost answer must not withdraw twice.
  const action = useMoneyAction('coin-withdrawal');
  const { lang } = useSnapshot(prefs);
  // Shown before a PIN is typed, as the bank form does; a failed read leaves it to the sheet's refusal.
  const lockRead = useLiveData('withdraw-pin-lock', loadPinLock);
  const pinLock = usePinLock(lockRead.status === 'ready' ? lockRead.data : null);

  if (addresses.status === 'loading') return <ListSkeleton rows={2} />;
  if (addresses.status === 'error') return <ErrorState error={addresses.error} onRetry={addresses.reload} />;
  const onChain = addresses.data.filter((a) => a.chain === chain.chain);
  const address = onChain.find((a) => a.id === addressId) ?? onChain[0];
  const preview =
    field.value !== '' && new Decimal(field.value).gt(0)
      ? previewCoinWithdraw(field.value, available, chain)
      : null;

  return (
    <>
      <AppForm
        onSubmit={() => {
          const value = field.check();
          // Nothing to review without an address (the button is off then too).
          if (value === null || preview === null || !address) return;
          // The domain's checks passed; what is left is a fee the amount does not cover.
          if (!preview.ok)
            return field.setError(t('withdraw.error_fee', { fee: amount(preview.fee, currency) }));
          action.setError('');
          setReview({ address, amount: value, fee: preview.fee, receive: preview.receive });
        }}
      >
        <AddressCard address={address} currency={currency} chain={chain.chain} />
        <AmountInput field={field} currency={currency} available={available} places={places} />
        <PreviewFigures currency={currency} chain={chain} preview={preview} />
        {pinLock.lockedUntil !== null && (
          <p className="hint" role="status" data-testid="withdraw-pin-locked">
            {t('withdraw.pin_locked', { time: formatTime(pinLock.lockedUntil, lang) })}
          </p>
        )}
        <SubmitButton
          busy={false}
          disabled={!address || pinLock.lockedUntil !== null}
          testId="withdraw-review"
        >
          {t('withdraw.review')}
        </SubmitButton>
      </AppForm>
      {review && (
        <WithdrawConfirm
          currency={currency}
          chain={chain}
          review={review}
          action={action}
          pinLock={pinLock}
          onCancel={() => setReview(null)}
          onDone={(withdrawal) => {
            setReview(null);
            setPending(withdrawal);
            field.set('');
            onDone();
          }}
        />
      )}
      {pending && <WithdrawPending withdrawal={pending} onClose={() => setPending(null)} />}
    </>
  );
}

/** The address it goes to, with the way to change it, or to add one when none is saved on this network. */
function AddressCard({
  address,
  currency,
  chain,
}: {
  address: WithdrawAddress | undefined;
  currency: string;
  chain: string;
}) {
  const { t } = useTranslation('coinFunding');
  return (
    <section className="funding-card" aria-label={t('withdraw.address')} data-testid="withdraw-address">
      <p className="field-label">{t('withdraw.address')}</p>
      {address ? (
        <>
          <p className="lead" data-testid="withdraw-address-label">
            {address.label === '' ? t('addresses.no_label') : address.label}
          </p>
          <p className="funding-address" data-testid="withdraw-address-text">
            {shortenMiddle(address.address, 10)}
          </p>
          <Link
            className="text-link"
            href={pickerHref(currency, chain)}
            data-testid="withdraw-change-address"
          >
            {t('withdraw.change_address')}
          </Link>
        </>
      ) : (
        <>
          <p className="hint" data-testid="withdraw-no-address">
            {t('withdraw.no_address', { currency, chain })}
          </p>
          <ButtonLink
            look="secondary"
            href={withQuery(paths.addAddress, { currency, chain, select: '1' })}
            testId="withdraw-add-address"
          >
            {t('withdraw.add_address')}
          </ButtonLink>
        </>
      )}
    </section>
  );
}

/** The fee, what arrives and when, as the amount is typed. */
function PreviewFigures({
  currency,
  chain,
  preview,
}: {
  currency: string;
  chain: CoinChain;
  preview: CoinWithdrawPreview | null;
}) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  return (
    <FigureRows
      testId="withdraw-preview"
      rows={[
        { label: t('terms.fee'), value: amount(chain.withdrawFee, currency), testId: 'preview-fee' },
        {
          label: t('withdraw.you_receive'),
          value: preview?.ok ? amount(preview.receive, currency) : '--',
          testId: 'preview-receive',
          tone: 'strong',
        },
        {
          label: t('terms.expected'),
          value: t('terms.expected_value', { minutes: chain.expectedMinutes }),
          testId: 'preview-expected',
        },
      ]}
    />
  );
}

/** The amount, with what is available and a button for all of it (cut to the coin's places). */
function AmountInput({
  field,
  currency,
  available,
  places,
}: {
  field: AmountFieldState;
  currency: string;
  available: string;
  places: number;
}) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  return (
    <AmountField
      field={field}
      label={t('withdraw.amount')}
      testId="withdraw-amount"
      hint={t('withdraw.available', { amount: amount(available, currency) })}
      end={
        <button
          type="button"
          className="field__action"
          data-testid="withdraw-all"
          onClick={() =>
            field.set(new Decimal(available).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed())
          }
        >
          {t('withdraw.all')}
        </button>
      }
    />
  );
}
