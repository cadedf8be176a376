import '../../i18n/account';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { TextField, type TextFieldProps } from './text-field';

export type CodeFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'maxLength' | 'autoComplete' | 'end' | 'onValueChange' | 'label'
> & {
  /** Defaults to "verification code". */
  label?: string;
  onValueChange: (value: string) => void;
  /** Asks for a code; resolves with the seconds until another may be asked for, or null on failure. */
  onSend: () => Promise<number | null>;
  sendTestId?: string;
};

/**
 * A verification code with its "send code" button, which counts down until a resend is allowed.
 * Its hint says where the sandbox puts codes, unless the caller gives another.
 */
export function CodeField({
  onSend,
  sendTestId,
  onValueChange,
  label: fieldLabel,
  hint,
  ...props
}: CodeFieldProps) {
  const { t } = useTranslation('account');
  const [sending, setSending] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  async function send() {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) {
        setSentOnce(true);
        // At least a few seconds, so a double tap can't send two codes.
        setSeconds(Math.max(wait, 5));
      }
    } finally {
      setSending(false);
    }
  }

  const waiting = seconds > 0;
  let label: string = t(sentOnce ? 'form.resend_code' : 'form.send_code');
  if (waiting) label = t('form.resend_in', { seconds });
  return (
    <TextField
      {...props}
      label={fieldLabel ?? t('fields.code')}
      hint={hint ?? t('form.sandbox_code_hint')}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      autoComplete="one-time-code"
      className="num"
      onValueChange={(value) => onValueChange(value.replace(/\D/g, '').slice(0, 6))}
      end={
        <button
          type="button"
          className="field__action field__action--send num"
          data-testid={sendTestId}
          disabled={sending || waiting}
          aria-busy={sending || undefined}
          onClick={() => void send()}
        >
          {sending ? t('form.sending') : label}
        </button>
      }
    />
  );
}
