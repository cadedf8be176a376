import '../../i18n/account';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { CodeField } from '../../components/form/code-field';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import type { ZodForm } from '../../components/form/use-zod-form';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { checkIdentity } from './after-sign-in';
import { IdentityFields } from './identity-fields';
import { requestCode } from './request-code';
import '../../styles/account.css';

/**
 * The frame every sign-in form shares: the identity first, the form's own fields, the alert line
 * and the submit button at the bottom. The identity is checked on submit before the form's schema
 * runs, so every problem of the form shows at once.
 */
export function AuthFormScreen({
  form,
  onSubmit,
  prefix,
  title,
  lead,
  kindLabel,
  submitLabel,
  children,
  otherWays,
  switchTo,
}: {
  form: ZodForm;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** data-testid prefix: `reg` gives reg-account, reg-alert, reg-submit… */
  prefix: string;
  title: string;
  lead: string;
  kindLabel: string;
  submitLabel: string;
  /** The form's own fields, between the identity and the alert line. */
  children: ReactNode;
  /** Other ways in, under the submit button (a passkey). */
  otherWays?: ReactNode;
  /** The link to the other sign-in screen, after an optional question ("No account yet?"). */
  switchTo: { question?: string; href: string; label: string; testId: string };
}) {
  return (
    <Screen className="auth-screen">
      <Navbar title={title} />
      <form
        className="screen__body form"
        noValidate
        onSubmit={(event) => {
          checkIdentity(form);
          void onSubmit(event);
        }}
      >
        <p className="lead">{lead}</p>
        <IdentityFields form={form} prefix={prefix} kindLabel={kindLabel} />
        {children}
        <FormAlert message={form.formError} testId={`${prefix}-alert`} />
        <div className="auth-screen__actions">
          <SubmitButton busy={form.busy} testId={`${prefix}-submit`}>
            {submitLabel}
          </SubmitButton>
          {otherWays}
          <p className="auth-screen__switch">
            {switchTo.question !== undefined && `${switchTo.question} `}
            <Link href={switchTo.href} className="text-link" data-testid={switchTo.testId}>
              {switchTo.label}
            </Link>
          </p>
        </div>
      </form>
    </Screen>
  );
}

/** The verification code sent to the identity typed above it, for registering or resetting. */
export function IdentityCodeField({
  form,
  prefix,
  purpose,
}: {
  form: ZodForm;
  prefix: string;
  purpose: 'register' | 'reset';
}) {
  const { t } = useTranslation('account');
  return (
    <CodeField
      {...form.bind('code')}
      testId={`${prefix}-code`}
      sendTestId={`${prefix}-send-code`}
      onSend={() => requestCode(form, purpose, t('form.code_sent'))}
    />
  );
}
