import '../../i18n/account';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/hook';
import { Link, useSearch } from 'wouter';
import { registerSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import { Checkbox } from '../../components/form/checkbox';
import { TextField } from '../../components/form/text-field';
import { useZodForm, type ZodForm } from '../../components/form/use-zod-form';
import { LOGIN_PATH } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { readStored, writeStored } from '../../state/persisted';
import { finishSignIn, identityDefaults, identityInput, identityLabels } from './after-sign-in';
import { AuthFormScreen, IdentityCodeField } from './auth-form-screen';
import { NewPasswordFields } from './new-password-fields';
import { paths } from '../../paths/paths';

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
  const { t, i18n } = useTranslation('account');
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
          i18n={i18n}
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
        ...identityInput(data, raw),
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
    <AuthFormScreen
      form={form}
      onSubmit={onSubmit}
      prefix="reg"
      title={t('register.title')}
      lead={t('register.lead')}
      kindLabel={t('kind.label')}
      submitLabel={t('register.submit')}
      switchTo={{
        question: t('register.have_account'),
        href: LOGIN_PATH,
        label: t('register.to_login'),
        testId: 'reg-to-login',
      }}
    >
      <IdentityCodeField form={form} prefix="reg" purpose="register" />
      <NewPasswordFields form={form} prefix="reg" label={t('fields.password')} />
      <InviteAndAgreement form={form} />
    </AuthFormScreen>
  );
}
