import './namespace';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import '../../components/location/namespace';
import { chooseLocation, takeLocationResult } from '../../components/location/location-handoff';
import { checkTurkishIban, normaliseIban } from '../../../domain/funding/iban';
import { BANK_COUNTRIES, type BankCountry, type BankTemplate } from '../../../domain/protocol/funding';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Segmented } from '../../components/form/segmented';
import { AppForm, FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { TitledScreen } from '../../components/screen';
import { navigate } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { KYC_PATH } from '../../components/funding/block-state';
import { IbanField } from './iban-field';
import { paths, withQuery } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { ButtonLink } from '../../components/button';

const loadTemplate = () => call(fundingBankEndpoints.bankTemplate, {}, { silent: true });
type Values = Record<string, string>;

/**
 * /pages/wallet/addBank: a card in the user's own name. TR takes an IBAN checked as typed and
 * names the bank from its code; other countries show the template's fields. Before KYC there is
 * no name to match, so the screen says so before the form (not after submit).
 */
export default function AddBankScreen() {
  const { t } = useTranslation('funding');
  const template = useLiveData('bank-template', loadTemplate);
  let body;
  if (template.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (template.status === 'error')
    body = <ErrorState error={template.error} onRetry={template.reload} />;
  else if (template.data.holderName === null)
    body = (
      <div className="state-message" data-testid="funding-block" data-block="KYC_REQUIRED">
        <p className="state-message__title">{t('KYC_REQUIRED', { ns: 'errors' })}</p>
        <p className="state-message__body">{t('add.kyc_body')}</p>
        <ButtonLink href={KYC_PATH} testId="block-action">
          {t('block.action_KYC_REQUIRED')}
        </ButtonLink>
      </div>
    );
  else body = <AddBankForm template={template.data} holderName={template.data.holderName} />;
  return (
    <TitledScreen className="funding-screen" title={t('add.title')}>
      {body}
    </TitledScreen>
  );
}

function AddBankForm({ template, holderName }: { template: BankTemplate; holderName: string }) {
  const { t } = useTranslation('funding');
  const offered = template.countries.map((entry) => entry.country);
  // Back from /choose-location: the draft as it was, with the chosen bank address.
  const [returned] = useState(takeLocationResult);
  const [country, setCountry] = useState<BankCountry>(
    (returned?.country as BankCountry | undefined) ?? (offered.includes('TR') ? 'TR' : (offered[0] ?? 'TR')),
  );
  const [values, setValues] = useState<Values>(returned ?? { holderName });
  const fields = template.countries.find((entry) => entry.country === country)?.fields ?? [];
  const extra = fields.filter((field) => field.name !== 'accountNumber' && field.name !== 'holderName');
  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const { errors, setErrors, formError, busy, submit } = useAddCard(country, values, extra);
  // A field's value, its change and its refusal, as useZodForm's `bind` gives them.
  const bind = (name: string) => ({
    value: values[name] ?? '',
    onValueChange: set(name),
    error: errors[name],
  });

  return (
    <AppForm className="form" onSubmit={submit}>
      {offered.length > 1 && (
        <Segmented
          label={t('add.country')}
          value={country}
          options={BANK_COUNTRIES.filter((code) => offered.includes(code)).map((code) => ({
            value: code,
            label: t(`country.${code}`),
            testId: `add-country-${code}`,
          }))}
          onChange={(code) => {
            setCountry(code);
            setErrors({});
          }}
        />
      )}
      {country === 'TR' ? (
        <IbanField {...bind('accountNumber')} />
      ) : (
        <TextField
          label={t('fields.accountNumber')}
          {...bind('accountNumber')}
          autoComplete="off"
          testId="add-account"
        />
      )}
      <TextField
        label={t('fields.holderName')}
        {...bind('holderName')}
        autoComplete="name"
        testId="add-holder"
        hint={t('add.holder_note')}
      />
      <ExtraFields
        extra={extra}
        bind={bind}
        onPickAddress={() => chooseLocation('bankAddress', { ...values, country })}
      />
      <FormAlert message={formError} testId="add-error" />
      <SubmitButton busy={busy} testId="add-submit">
        {t('add.submit')}
      </SubmitButton>
    </AppForm>
  );
}

type Field = BankTemplate['countries'][number]['fields'][number];

/** Checks the values, sends the card and puts the broker's refusal beside the field it is about. */
function useAddCard(country: BankCountry, values: Values, extra: readonly Field[]) {
  const { t } = useTranslation('funding');
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Values>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    const account = values.accountNumber ?? '';
    const next = missingValues(country, values, extra, t);
    setErrors(next);
    setFormError('');
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await call(
        fundingBankEndpoints.addCard,
        {
          ...filledExtras(extra, values),
          country,
          accountNumber: country === 'TR' ? normaliseIban(account) : account.trim(),
          holderName: (values.holderName ?? '').trim(),
        },
        { silent: true },
      );
      showToast(t('add.saved'));
      navigate(withQuery(paths.bankList, { type: '2' }), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      const key = isApiError(error) ? error.key : undefined;
      if (key === 'HOLDER_NAME_MISMATCH') setErrors({ holderName: errorText(error) });
      else if (key === 'IBAN_FORMAT' || key === 'IBAN_CHECKSUM' || key === 'BANK_CARD_EXISTS')
        setErrors({ accountNumber: errorText(error) });
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, formError, busy, submit };
}

/** What the form says of each value before sending: the IBAN as typed, then what is required. */
function missingValues(
  country: BankCountry,
  values: Values,
  extra: readonly Field[],
  t: TFunction<'funding'>,
): Values {
  const next: Values = {};
  const account = values.accountNumber ?? '';
  if (country === 'TR') {
    const problem = checkTurkishIban(account);
    if (problem) next.accountNumber = t(problem, { ns: 'errors' });
  } else if (account.trim() === '') next.accountNumber = t('add.required');
  if ((values.holderName ?? '').trim() === '') next.holderName = t('add.required');
  for (const field of extra)
    if (field.required && (values[field.name] ?? '').trim() === '') next[field.name] = t('add.required');
  return next;
}

/** An extra field left empty is not sent: the broker reads an empty text as a wrong value. */
function filledExtras(extra: readonly Field[], values: Values): Values {
  return Object.fromEntries(
    extra.map((field) => [field.name, (values[field.name] ?? '').trim()]).filter(([, value]) => value !== ''),
  );
}

/** The country template's own fields; a bank address can be picked on the map. */
function ExtraFields({
  extra,
  bind,
  onPickAddress,
}: {
  extra: readonly Field[];
  bind: (name: string) => {
    value: string;
    onValueChange: (value: string) => void;
    error: string | undefined;
  };
  onPickAddress: () => void;
}) {
  const { t } = useTranslation('funding');
  return extra.map((field) => (
    <TextField
      key={field.name}
      label={
        field.required ? t(`fields.${field.name}`) : t('add.optional', { label: t(`fields.${field.name}`) })
      }
      {...bind(field.name)}
      autoComplete="off"
      testId={`add-${field.name}`}
      hint={
        field.name === 'bankAddress' ? (
          <button
            type="button"
            className="text-link"
            data-testid="add-bankAddress-pick"
            onClick={onPickAddress}
          >
            {t('pick_bank_address', { ns: 'location' })}
          </button>
        ) : undefined
      }
    />
  ));
}
