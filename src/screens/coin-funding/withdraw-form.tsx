import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { parseDecimalInput } from '../../../domain/format/parse';
import { previewCoinWithdraw } from '../../../domain/funding/coin-withdraw-preview';
import type { CoinChain, Withdrawal } from '../../../domain/protocol/funding';
import { listWithdrawAddresses } from '../../api/coin-funding';
import { RequestIntent } from '../../api/request-id';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { toInputText } from '../../components/contract/steps';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { shortenMiddle } from './shorten';
import { pickerHref } from './address-pick';
import { coinPlaces, useCoinAmount } from './coin-chain-picker';
import { WithdrawConfirm, WithdrawPending } from './withdraw-confirm';

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
  const { lang } = useSnapshot(prefs);
  const amount = useCoinAmount();
  const addresses = useLiveData(`withdraw-addresses:${currency}`, () =>
    listWithdrawAddresses(currency, { silent: true }),
  );
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState('');
  const [review, setReview] = useState<{ amount: string; fee: string; receive: string } | null>(null);
  const [pending, setPending] = useState<Withdrawal | null>(null);
  // Outlives the confirm sheet: a retry after a lost answer must not withdraw twice.
  const [intent] = useState(() => new RequestIntent('coin-withdrawal'));

  if (addresses.status === 'loading') return <ListSkeleton rows={2} />;
  if (addresses.status === 'error') return <ErrorState error={addresses.error} onRetry={addresses.reload} />;
  const onChain = addresses.data.filter((a) => a.chain === chain.chain);
  const address = onChain.find((a) => a.id === addressId) ?? onChain[0];
  const places = coinPlaces(currency);
  const parsed = parseDecimalInput(amountText, lang, { maxDecimals: places });
  const preview =
    parsed.ok && new Decimal(parsed.value).gt(0) ? previewCoinWithdraw(parsed.value, available, chain) : null;

  const problem = (): string => {
    // "12,345" with two decimals allowed is an amount, not a missing one: say what is wrong with it.
    if (!parsed.ok && parsed.error === 'TOO_MANY_DECIMALS')
      return t('AMOUNT_PRECISION', { ns: 'errors', decimals: places });
    if (!parsed.ok) return t('withdraw.error_amount');
    if (new Decimal(parsed.value).lte(0)) return t('AMOUNT_NOT_POSITIVE', { ns: 'errors' });
    if (preview === null || preview.ok) return '';
    if (preview.reason === 'BELOW_MINIMUM')
      return t('withdraw.error_min', { min: amount(chain.minWithdraw, currency) });
    if (preview.reason === 'ABOVE_AVAILABLE')
      return t('withdraw.error_available', { amount: amount(available, currency) });
    return t('withdraw.error_fee', { fee: amount(preview.fee, currency) });
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const message = problem();
          setError(message);
          if (message === '' && parsed.ok && preview?.ok)
            setReview({ amount: parsed.value, fee: preview.fee, receive: preview.receive });
        }}
      >
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
                href={pickerHref(currency, chain.chain)}
                data-testid="withdraw-change-address"
              >
                {t('withdraw.change_address')}
              </Link>
            </>
          ) : (
            <>
              <p className="hint" data-testid="withdraw-no-address">
                {t('withdraw.no_address', { currency, chain: chain.chain })}
              </p>
              <Link
                className="button button--secondary"
                href={`/pages/wallet/addAdress?${new URLSearchParams({ currency, chain: chain.chain, select: '1' }).toString()}`}
                data-testid="withdraw-add-address"
              >
                {t('withdraw.add_address')}
              </Link>
            </>
          )}
        </section>
        <TextField
          label={t('withdraw.amount')}
          value={amountText}
          onValueChange={(value) => {
            setAmountText(value);
            setError('');
          }}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="withdraw-amount"
          error={error || undefined}
          hint={t('withdraw.available', { amount: amount(available, currency) })}
          end={
            <button
              type="button"
              className="field__action"
              data-testid="withdraw-all"
              onClick={() => {
                setAmountText(toInputText(available, places, lang));
                setError('');
              }}
            >
              {t('withdraw.all')}
            </button>
          }
        />
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
        <SubmitButton busy={false} disabled={!address} testId="withdraw-review">
          {t('withdraw.review')}
        </SubmitButton>
      </form>
      {review && address && (
        <WithdrawConfirm
          currency={currency}
          chain={chain}
          address={address}
          figures={review}
          intent={intent}
          onCancel={() => setReview(null)}
          onDone={(withdrawal) => {
            setReview(null);
            setPending(withdrawal);
            setAmountText('');
            onDone();
          }}
        />
      )}
      {pending && <WithdrawPending withdrawal={pending} onClose={() => setPending(null)} />}
    </>
  );
}
