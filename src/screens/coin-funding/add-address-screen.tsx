import './namespace';
import '../../styles/coin-funding.css';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { isApiError } from '../../api/request';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { AppForm, FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { TitledScreen } from '../../components/screen';
import { canGoBack, goBack, navigate } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { isAddressForChain, isChecksummed, knowsChain } from './address-check';
import { ADDRESS_LIST_PATH, pickAddress } from './address-pick';
import { CoinChainPicker } from './coin-chain-picker';
import { useCoinChoice, useCoins } from './use-coins';
import type { RechargeCoin } from '../../../domain/protocol/funding-coin';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';

type Errors = { address?: string; memo?: string; label?: string };
// Server refusals that belong to the address field; the rest go above the button.
const ADDRESS_KEYS = new Set(['ADDRESS_FORMAT', 'OWN_DEPOSIT_ADDRESS', 'ADDRESS_EXISTS']);

/**
 * /pages/wallet/addAdress: save a withdrawal address. The address is checked against the
 * network's shape as it is typed; the server has the last word (ADDRESS_FORMAT,
 * OWN_DEPOSIT_ADDRESS, ADDRESS_EXISTS, ADDRESS_LIMIT), shown by its key where it belongs.
 */
export default function AddAddressScreen() {
  const { t } = useTranslation('coinFunding');
  const params = new URLSearchParams(useSearch());
  const selecting = params.get('select') === '1';
  const coins = useCoins();
  const coin = useCoinChoice('withdrawEnabled');

  let body;
  if (coins.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (coins.status === 'error') body = <ErrorState error={coins.error} onRetry={coins.reload} />;
  else {
    const choice = coin.choose(coins.data.list);
    if (!choice) body = <EmptyState title={t('chooser.empty')} />;
    else
      body = (
        <AddressForm
          coins={coins.data.list}
          currency={choice.coin.currency}
          chain={choice.chain.chain}
          selecting={selecting}
          onPick={coin.pick}
        />
      );
  }
  return <TitledScreen title={t('addresses.add_title')}>{body}</TitledScreen>;
}

/** Saves the address; a refusal about the address goes beside it, the rest above the button. */
function useSaveAddress(currency: string, chain: string, selecting: boolean) {
  const { t } = useTranslation('coinFunding');
  const errorText = useErrorText();
  const [serverError, setServerError] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(address: string, memo: string, label: string) {
    setBusy(true);
    try {
      const saved = await call(
        fundingCoinEndpoints.addWithdrawAddress,
        {
          currency,
          chain,
          address: address.trim(),
          ...(memo.trim() === '' ? {} : { memo: memo.trim() }),
          ...(label.trim() === '' ? {} : { label: label.trim() }),
        },
        { silent: true },
      );
      showToast(t('addresses.saved'));
      if (selecting) pickAddress(saved);
      else if (canGoBack()) goBack();
      else navigate(ADDRESS_LIST_PATH, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      if (isApiError(error) && error.key !== undefined && ADDRESS_KEYS.has(error.key))
        setServerError({ address: error.msg || errorText(error) });
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return { serverError, setServerError, formError, setFormError, busy, save };
}

function AddressForm({
  coins,
  currency,
  chain,
  selecting,
  onPick,
}: {
  coins: readonly RechargeCoin[];
  currency: string;
  chain: string;
  selecting: boolean;
  onPick: (currency: string, chain: string) => void;
}) {
  const { t } = useTranslation('coinFunding');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const { serverError, setServerError, formError, setFormError, busy, save } = useSaveAddress(
    currency,
    chain,
    selecting,
  );
  const valid = isAddressForChain(chain, address);
  const submit = async () => {
    setTouched(true);
    setFormError('');
    if (!valid) return;
    await save(address, memo, label);
  };
  return (
    <AppForm className="form" onSubmit={submit}>
      <CoinChainPicker
        coins={coins}
        currency={currency}
        chain={chain}
        use="withdraw"
        onChange={(nextCurrency, nextChain) => {
          onPick(nextCurrency, nextChain);
          setServerError({});
        }}
      />
      <AddressInput
        chain={chain}
        address={address}
        error={serverError.address ?? localAddressError(t, chain, address, valid, touched)}
        valid={valid}
        onChange={(value) => {
          setAddress(value);
          setServerError({});
        }}
      />
      <MemoAndLabel chain={chain} memo={memo} label={label} onMemo={setMemo} onLabel={setLabel} />
      <FormAlert message={formError} testId="address-error" />
      <SubmitButton busy={busy} testId="address-save">
        {t('addresses.save')}
      </SubmitButton>
    </AppForm>
  );
}

/** Empty says so once the user tried to save; a wrong shape says which network it must fit. */
function localAddressError(
  t: TFunction<'coinFunding'>,
  chain: string,
  address: string,
  valid: boolean,
  touched: boolean,
): string | undefined {
  if (address.trim() === '') return touched ? t('addresses.error_address_empty') : undefined;
  return valid ? undefined : t('addresses.error_address', { chain });
}

/** The address, checked against the network's shape as it is typed. */
function AddressInput({
  chain,
  address,
  error,
  valid,
  onChange,
}: {
  chain: string;
  address: string;
  error: string | undefined;
  valid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('coinFunding');
  return (
    <TextField
      label={t('addresses.address')}
      value={address}
      onValueChange={onChange}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      testId="address-input"
      error={error}
      hint={
        valid
          ? t(isChecksummed(chain, address) ? 'addresses.valid' : 'addresses.valid_unchecked', { chain })
          : undefined
      }
    />
  );
}

/** A memo where the network may need one (any chain the app cannot check), and the user's own label. */
function MemoAndLabel({
  chain,
  memo,
  label,
  onMemo,
  onLabel,
}: {
  chain: string;
  memo: string;
  label: string;
  onMemo: (value: string) => void;
  onLabel: (value: string) => void;
}) {
  const { t } = useTranslation('coinFunding');
  return (
    <>
      {!knowsChain(chain) && (
        <TextField
          label={t('addresses.memo')}
          value={memo}
          onValueChange={onMemo}
          autoComplete="off"
          testId="address-memo"
          hint={t('addresses.memo_hint')}
        />
      )}
      <TextField
        label={t('addresses.label')}
        value={label}
        onValueChange={onLabel}
        maxLength={40}
        autoComplete="off"
        testId="address-label"
        hint={t('addresses.label_hint')}
      />
    </>
  );
}
