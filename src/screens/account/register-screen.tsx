import '../../i18n-account';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n-hook';
import { Link, useSearch } from 'wouter';
import { registerSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import { Checkbox } from '../../components/form/checkbox';
import { CodeField } from '../../components/form/code-field';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useZodForm, type ZodForm } from '../../components/form/use-zod-form';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { LOGIN_PATH } from '../../routes/navigation';
import { showToast } from '../../services/toast';
import { readStored, writeStored } from '../../state/persisted';
import { checkIdentity, finishSignIn, identityDefaults, identityLabels } from './after-sign-in';
import { IdentityFields } from './identity-fields';
import { NewPasswordFields } from './new-password-fields';
import { requestCode } from './request-code';
import '../../styles/account.css';
import { paths } from '../../routes/paths';

/** An invite link's code wins over a stored one, and is kept for when the user comes back. */
function initialInviteCode(search: string): string {
  const fromLink = new URLSearchParams(search).get('inviteCode')?.trim() ?? '';
  if (fromLink !== '') {
    writeStored('inviteCode', fromLink);
    return fromLink;
  }
  return readStored('inviteCode');
}

/** The optional invite code and the agreement to the legal texts, last before signing up. */
function InviteAndAgreement({ form }: { form: ZodForm }) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        {...form.bind('inviteCode')}
        label={t('fields.invite_code')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={16}
        hint={t('hints.invite')}
        testId="reg-invite"
      />
      <Checkbox
        checked={form.values.agree === '1'}
        onCheckedChange={(checked) => form.setValue('agree', checked ? '1' : '')}
        error={form.errors.agree}
        testId="reg-agree"
      >
        {/* One sentence per language: Turkish puts the verb last, so fragments can't be reordered. */}
        <Trans
          t={t}
          i18nKey="register.agree"
          components={{
            disclaimer: <Link href={paths.disclaimer} data-testid="reg-disclaimer" />,
            privacy: <Link href={paths.privacyPolicy} data-testid="reg-privacy" />,
          }}
        />
      </Checkbox>
    </>
  );
}

export default function RegisterScreen() {
  const { t } = useTranslation('account');
  const search = useSearch();
  const [inviteCode] = useState(() => initialInviteCode(search));
  const form = useZodForm({
    initial: { ...identityDefaults(), code: '', password: '', confirmPassword: '', inviteCode, agree: '' },
    labels: identityLabels(t),
  });

  const onSubmit = form.handleSubmit(registerSchema, async (data, raw) => {
    const answer = await call(
      authEndpoints.register,
      {
        accountKind: data.accountKind,
        account: raw.account ?? '',
        areaCode: raw.areaCode ?? data.areaCode,
        code: data.code,
        password: data.password,
        confirmPassword: data.confirmPassword,
        agree: '1',
        inviteCode: data.inviteCode === '' ? undefined : data.inviteCode,
      },
      { silent: true },
    );
    showToast(t('register.done'));
    finishSignIn(answer, data);
  });

  return (
    <Screen className="auth-screen">
      <Navbar title={t('register.title')} />
      <form
        className="screen__body form"
        noValidate
        onSubmit={(event) => {
          checkIdentity(form);
          void onSubmit(event);
        }}
      >
        <p className="lead">{t('register.lead')}</p>
        <IdentityFields form={form} prefix="reg" kindLabel={t('kind.label')} />
        <CodeField
          {...form.bind('code')}
          label={t('fields.code')}
          testId="reg-code"
          sendTestId="reg-send-code"
          onSend={() => requestCode(form, 'register', t('form.code_sent'))}
          hint={t('form.sandbox_code_hint')}
        />
        <NewPasswordFields form={form} prefix="reg" label={t('fields.password')} />
        <InviteAndAgreement form={form} />
        <FormAlert message={form.formError} testId="reg-alert" />
        <div className="auth-screen__actions">
          <SubmitButton busy={form.busy} testId="reg-submit">
            {t('register.submit')}
          </SubmitButton>
          <p className="auth-screen__switch">
            {t('register.have_account')}{' '}
            <Link href={LOGIN_PATH} className="text-link" data-testid="reg-to-login">
              {t('register.to_login')}
            </Link>
          </p>
        </div>
      </form>
    </Screen>
  );
}
