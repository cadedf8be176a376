import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { PasswordField } from '../../components/form/password-field';
import type { ZodForm } from '../../components/form/use-zod-form';

/** A new password and its repetition, as registering and resetting both ask for them. */
export function NewPasswordFields({
  form,
  prefix,
  label,
}: {
  form: ZodForm;
  /** data-testid prefix: `reg` gives reg-password and reg-confirm. */
  prefix: string;
  label: string;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        {...form.bind('password')}
        label={label}
        autoComplete="new-password"
        hint={t('hints.password')}
        testId={`${prefix}-password`}
      />
      <PasswordField
        {...form.bind('confirmPassword')}
        label={t('fields.confirm_password')}
        autoComplete="new-password"
        testId={`${prefix}-confirm`}
      />
    </>
  );
}
