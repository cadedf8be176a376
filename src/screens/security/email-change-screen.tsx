import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import type { UserProfile } from '../../../domain/protocol/account';
import { email as emailRule, emailChangeSchema } from '../../../domain/validation/account';
import { z } from 'zod';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { call } from '../../api/call';
import { CodeField } from '../../components/form/code-field';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { EMAIL_INPUT, TextField } from '../../components/form/text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { goBackOr } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { sendCode } from '../../components/form/send-code';
import { loadProfile, patchProfile } from '../../state/account';
import { ProfileGate, SECURITY_PATH, SecurityFrame, useProfile } from './security-frame';

const newEmailSchema = z.object({ email: emailRule });

function EmailForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const form = useZodForm({
    initial: { email: '', code: '' },
    labels: { email: t('fields.new_email') },
  });

  // The code goes to the new address: it proves the user reads that mailbox.
  async function requestCode(): Promise<number | null> {
    const parsed = form.check(newEmailSchema, { email: form.values.email ?? '' });
    if (parsed === null) return null;
    return sendCode(
      form,
      { accountKind: 'email', account: form.values.email ?? '', areaCode: '+90', purpose: 'email' },
      t('form.code_sent'),
    );
  }

  const onSubmit = form.handleSubmit(emailChangeSchema, async (data) => {
    await call(userEndpoints.updateEmail, data, { silent: true });
    patchProfile({ email: data.email });
    // An email account's login name is its address: the server's copy is the truth.
    void loadProfile(true);
    showToast(t('email.done'));
    goBackOr(SECURITY_PATH);
  });

  return (
    <form className="screen__body form auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {profile.email && (
        <p className="hint" data-testid="email-current">
          {t('email.current', { email: profile.email })}
        </p>
      )}
      <p className="lead">{t('email.lead')}</p>
      <TextField
        {...form.bind('email')}
        label={t('fields.new_email')}
        {...EMAIL_INPUT}
        autoComplete="email"
        testId="email-new"
      />
      <CodeField
        {...form.bind('code')}
        testId="email-code"
        sendTestId="email-send-code"
        onSend={requestCode}
      />
      <FormAlert message={form.formError} />
      <div className="auth-screen__actions">
        <SubmitButton busy={form.busy} testId="email-submit">
          {t('email.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

export default function EmailChangeScreen() {
  const { t } = useTranslation('account');
  const { profile } = useProfile();
  return (
    <SecurityFrame title={t(profile && !profile.email ? 'email.title_add' : 'email.title')}>
      <ProfileGate rows={3}>{(loaded) => <EmailForm profile={loaded} />}</ProfileGate>
    </SecurityFrame>
  );
}
