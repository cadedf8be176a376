import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import type { AccountKind } from '../../../domain/validation/account';
import { Segmented } from '../../components/form/segmented';
import { EMAIL_INPUT, TextField } from '../../components/form/text-field';
import type { ZodForm } from '../../components/form/use-zod-form';

/**
 * Who is signing up, in or resetting: an email, or a phone number with its area code.
 * Field names follow domain/validation/account.ts (accountKind, account, areaCode).
 */
export function IdentityFields({
  form,
  prefix,
  kindLabel,
}: {
  form: ZodForm;
  /** data-testid prefix: `reg` gives reg-kind-email, reg-account, reg-area-code… */
  prefix: string;
  kindLabel: string;
}) {
  const { t } = useTranslation('account');
  const kind: AccountKind = form.values.accountKind === 'phone' ? 'phone' : 'email';
  const account = form.bind('account');

  return (
    <>
      <Segmented<AccountKind>
        label={kindLabel}
        value={kind}
        options={[
          { value: 'email', label: t('kind.email'), testId: `${prefix}-kind-email` },
          { value: 'phone', label: t('kind.phone'), testId: `${prefix}-kind-phone` },
        ]}
        onChange={(next) => {
          form.setValue('accountKind', next);
          // An email typed into the phone field (or back) is never what the user meant to keep.
          if (next !== kind) form.setValue('account', '');
        }}
      />
      {kind === 'email' ? (
        <TextField
          {...account}
          key="email"
          label={t('fields.email')}
          {...EMAIL_INPUT}
          autoComplete="username"
          testId={`${prefix}-account`}
        />
      ) : (
        <div className="identity-phone">
          <TextField
            {...form.bind('areaCode')}
            label={t('fields.area_code')}
            type="text"
            inputMode="tel"
            autoComplete="tel-country-code"
            maxLength={5}
            className="num"
            testId={`${prefix}-area-code`}
          />
          <TextField
            {...account}
            key="phone"
            label={t('fields.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="username"
            className="num"
            testId={`${prefix}-account`}
          />
        </div>
      )}
    </>
  );
}
