import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { passwordChangeSchema } from '../../../domain/validation/account';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { call } from '../../api/call';
import { PasswordField } from '../../components/form/password-field';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { useZodForm } from '../../components/form/use-zod-form';
import { goBackOr } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { SECURITY_PATH, SecurityFrame } from './security-frame';

export default function LoginPasswordScreen() {
  const { t } = useTranslation('account');
  const form = useZodForm({
    initial: { oldPassword: '', password: '', confirmPassword: '' },
    serverFields: { PASSWORD_INCORRECT: 'oldPassword' },
  });
  const onSubmit = form.handleSubmit(passwordChangeSchema, async (data) => {
    await call(userEndpoints.updatePassword, data, { silent: true });
    showToast(t('login_password.done'));
    goBackOr(SECURITY_PATH);
  });
  return (
    <SecurityFrame title={t('login_password.title')}>
      <form className="screen__body form auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="lead">{t('login_password.lead')}</p>
        <PasswordField
          {...form.bind('oldPassword')}
          label={t('fields.old_password')}
          autoComplete="current-password"
          testId="pwd-old"
        />
        <PasswordField
          {...form.bind('password')}
          label={t('fields.new_password')}
          autoComplete="new-password"
          hint={t('hints.password')}
          testId="pwd-new"
        />
        <PasswordField
          {...form.bind('confirmPassword')}
          label={t('fields.confirm_password')}
          autoComplete="new-password"
          testId="pwd-confirm"
        />
        <FormAlert message={form.formError} />
        <div className="auth-screen__actions">
          <SubmitButton busy={form.busy} testId="pwd-submit">
            {t('login_password.submit')}
          </SubmitButton>
        </div>
      </form>
    </SecurityFrame>
  );
}
