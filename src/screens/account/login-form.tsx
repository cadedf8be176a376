import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { loginSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import { PasswordField } from '../../components/form/password-field';
import { FORM_LEVEL, useZodForm } from '../../components/form/use-zod-form';
import { finishSignIn, handIdentity, identityDefaults, identityInput, identityLabels } from './after-sign-in';
import { AuthFormScreen } from './auth-form-screen';
import { PasskeyLogin } from './passkey-login';
import { paths } from '../../paths/paths';

export const REGISTER_PATH = paths.register;
export const FORGOT_PATH = paths.forgot;

/** The server's refusals name no field on purpose (which of account or password was wrong). */
const SERVER_FIELDS = { LOGIN_FAILED: FORM_LEVEL, LOGIN_THROTTLED: FORM_LEVEL };

/** The login screen; the coin variant only changes its texts and where it goes afterwards. */
export function LoginForm({
  title,
  lead,
  destination,
  onSignedIn,
}: {
  title: string;
  lead: string;
  destination?: string;
  onSignedIn?: () => void;
}) {
  const { t } = useTranslation('account');
  const form = useZodForm({
    initial: { ...identityDefaults(), password: '' },
    labels: identityLabels(t),
    serverFields: SERVER_FIELDS,
  });

  const onSubmit = form.handleSubmit(loginSchema, async (data, raw) => {
    const answer = await call(
      authEndpoints.login,
      {
        ...identityInput(data, raw),
        password: data.password,
      },
      { silent: true },
    );
    onSignedIn?.();
    finishSignIn(answer, data, destination);
  });

  return (
    <AuthFormScreen
      form={form}
      onSubmit={onSubmit}
      prefix="login"
      title={title}
      lead={lead}
      kindLabel={t('kind.login_label')}
      submitLabel={t('login.submit')}
      otherWays={<PasskeyLogin destination={destination} onSignedIn={onSignedIn} />}
      switchTo={{
        question: t('login.no_account'),
        href: REGISTER_PATH,
        label: t('login.to_register'),
        testId: 'login-to-register',
      }}
    >
      <PasswordField
        {...form.bind('password')}
        label={t('fields.password')}
        autoComplete="current-password"
        testId="login-password"
      />
      <div className="auth-screen__forgot">
        <Link
          href={FORGOT_PATH}
          className="text-link"
          data-testid="login-forgot"
          onClick={() => handIdentity(form.values)}
        >
          {t('login.forgot')}
        </Link>
      </div>
    </AuthFormScreen>
  );
}
