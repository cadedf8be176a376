import '../../i18n/account';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { passwordResetSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import { useZodForm } from '../../components/form/use-zod-form';
import { LOGIN_PATH, navigate } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { dropIdentity, handedOrDefaultIdentity, identityInput, identityLabels } from './after-sign-in';
import { AuthFormScreen, IdentityCodeField } from './auth-form-screen';
import { NewPasswordFields } from './new-password-fields';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation('account');
  const form = useZodForm({
    // What the user typed on login comes along (its "forgot password" link hands it over).
    initial: { ...handedOrDefaultIdentity(), code: '', password: '', confirmPassword: '' },
    labels: identityLabels(t),
  });
  useEffect(dropIdentity, []);

  const onSubmit = form.handleSubmit(passwordResetSchema, async (data, raw) => {
    await call(
      authEndpoints.resetPassword,
      {
        ...identityInput(data, raw),
        code: data.code,
        password: data.password,
        confirmPassword: data.confirmPassword,
      },
      { silent: true },
    );
    showToast(t('forgot.done'));
    navigate(LOGIN_PATH, { replace: true });
  });

  return (
    <AuthFormScreen
      form={form}
      onSubmit={onSubmit}
      prefix="forgot"
      title={t('forgot.title')}
      lead={t('forgot.lead')}
      kindLabel={t('kind.login_label')}
      submitLabel={t('forgot.submit')}
      switchTo={{ href: LOGIN_PATH, label: t('forgot.back_to_login'), testId: 'forgot-to-login' }}
    >
      <IdentityCodeField form={form} prefix="forgot" purpose="reset" />
      <NewPasswordFields form={form} prefix="forgot" label={t('fields.new_password')} />
    </AuthFormScreen>
  );
}
