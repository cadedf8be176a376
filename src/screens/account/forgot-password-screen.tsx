import '../../i18n-account';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { passwordResetSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import { CodeField } from '../../components/form/code-field';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { useZodForm } from '../../components/form/use-zod-form';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { LOGIN_PATH, navigate } from '../../routes/navigation';
import { showToast } from '../../services/toast';
import { checkIdentity, dropIdentity, handedOrDefaultIdentity, identityLabels } from './after-sign-in';
import { IdentityFields } from './identity-fields';
import { NewPasswordFields } from './new-password-fields';
import { requestCode } from './request-code';
import '../../styles/account.css';

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
        accountKind: data.accountKind,
        account: raw.account ?? '',
        areaCode: raw.areaCode ?? data.areaCode,
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
    <Screen className="auth-screen">
      <Navbar title={t('forgot.title')} />
      <form
        className="screen__body form"
        noValidate
        onSubmit={(event) => {
          checkIdentity(form);
          void onSubmit(event);
        }}
      >
        <p className="lead">{t('forgot.lead')}</p>
        <IdentityFields form={form} prefix="forgot" kindLabel={t('kind.login_label')} />
        <CodeField
          {...form.bind('code')}
          label={t('fields.code')}
          testId="forgot-code"
          sendTestId="forgot-send-code"
          onSend={() => requestCode(form, 'reset', t('form.code_sent'))}
          hint={t('form.sandbox_code_hint')}
        />
        <NewPasswordFields form={form} prefix="forgot" label={t('fields.new_password')} />
        <FormAlert message={form.formError} testId="forgot-alert" />
        <div className="auth-screen__actions">
          <SubmitButton busy={form.busy} testId="forgot-submit">
            {t('forgot.submit')}
          </SubmitButton>
          <p className="auth-screen__switch">
            <Link href={LOGIN_PATH} className="text-link" data-testid="forgot-to-login">
              {t('forgot.back_to_login')}
            </Link>
          </p>
        </div>
      </form>
    </Screen>
  );
}
