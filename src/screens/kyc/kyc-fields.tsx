import type { ReactNode } from 'react';

/**
 * Minimal labelled fields for the KYC form (the shared form components were not there yet).
 * The error is announced and tied to its input.
 */
type FieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  /** What to type, under the field (announced with it). */
  hint?: string | undefined;
  children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
};

export function Field({ id, label, error, hint, children }: FieldProps) {
  const messageId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? messageId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <p id={messageId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error?: string | undefined;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  hint?: string | undefined;
  disabled?: boolean;
};

export function TextField({
  id,
  label,
  value,
  onChange,
  testId,
  error,
  maxLength,
  autoComplete,
  inputMode,
  hint,
  disabled,
}: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
          maxLength={maxLength}
          autoComplete={autoComplete}
          inputMode={inputMode}
          disabled={disabled}
          spellCheck={false}
          {...aria}
        />
      )}
    </Field>
  );
}

type SelectFieldProps<V extends string> = {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId: string;
  error?: string | undefined;
  disabled?: boolean;
};

export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  testId,
  error,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <Field id={id} label={label} error={error}>
      {(aria) => (
        <select
          id={id}
          className="field__input"
          value={value}
          data-testid={testId}
          disabled={disabled}
          onChange={(event) => {
            const chosen = options.find((o) => o.value === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          {...aria}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
