import '../../i18n/account';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import '../../styles/forms.css';

/** The form's primary action; while busy it stays put, says so and ignores taps. */
export function SubmitButton({
  busy,
  children,
  testId,
  disabled = false,
}: {
  busy: boolean;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <button
      type="submit"
      className="button button--primary form__submit"
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <span className="form__spinner" aria-hidden="true" />}
      <span>{busy ? t('form.busy') : children}</span>
    </button>
  );
}

/**
 * A button whose action runs a while (a call, a passkey ceremony): while it runs the button stays
 * put, says so to assistive technology and ignores taps, so the action is never started twice.
 */
export function BusyButton({
  busy,
  disabled = false,
  className,
  testId,
  onClick,
  children,
}: {
  busy: boolean;
  /** Not ready for other reasons (nothing loaded yet). */
  disabled?: boolean;
  className: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A message about the whole form (a refused login, a throttle), announced when it appears. */
export function FormAlert({ message, testId }: { message: string; testId?: string }) {
  if (message === '') return null;
  return (
    <p className="form__alert" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/**
 * What a submitted form did, kept on screen until the user starts the next one: a toast alone
 * fades before a user who looked away has read it (a transfer's outcome was missed so).
 */
export function FormDone({
  message,
  testId,
  children,
}: {
  message: string;
  testId?: string;
  children?: ReactNode;
}) {
  if (message === '') return null;
  return (
    <div className="form__done" role="status" data-testid={testId}>
      <p>{message}</p>
      {children}
    </div>
  );
}

type AppFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Runs on submit (Enter in a field or the submit button); a returned promise is the caller's. */
  onSubmit: () => unknown;
};

/**
 * A form the app checks itself, with the same schemas and localized messages as the server: the
 * browser's own validation is off, and a submit runs `onSubmit` instead of loading a page.
 */
export function AppForm({ onSubmit, className = 'form', ...props }: AppFormProps) {
  return (
    <form
      {...props}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    />
  );
}
