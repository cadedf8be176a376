import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import '../../styles/forms.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'prefix'>;

export type TextFieldProps = InputProps & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A localized message shown under the field; marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  testId?: string;
  /** Shown inside the box before the input (an area code selector, a currency). */
  start?: ReactNode;
  /** Shown inside the box after the input (show/hide, send code). */
  end?: ReactNode;
  /** The input element itself, for a caller that needs it (focus, selection). */
  inputRef?: Ref<HTMLInputElement>;
};

/** How an email address is typed: the email keyboard, no capital first letter, no spell check. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/** A labelled input with its hint and inline error, both announced with the input. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  testId,
  start,
  end,
  className,
  inputRef,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {start}
        <input
          {...input}
          ref={inputRef}
          id={id}
          className={className ? `field__input ${className}` : 'field__input'}
          value={value}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => onValueChange(event.target.value)}
        />
        {end}
      </div>
      {error && (
        <p className="field__error" id={errorId} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
