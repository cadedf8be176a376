import { useState } from 'react';
import { TextField } from '../form/text-field';

/**
 * What a password form (./password-form) asks to be typed, as typed in the user's locale, and its
 * refusal. Typing again clears the refusals, the field's and the form's (the server's last one).
 */
export function useAmountInput(sheet: { setFormError: (message: string) => void }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState('');
  return {
    input,
    error,
    setError,
    change: (text: string) => {
      setInput(text);
      setError('');
      sheet.setFormError('');
    },
  };
}

/**
 * The field of an amount (or of lots: `inputMode="numeric"`) to pay or buy: its limits in the
 * hint, then the free balance it may use, each in the user's words.
 */
export function AmountField({
  label,
  amount,
  testId,
  hint,
  available,
  inputMode = 'decimal',
}: {
  label: string;
  amount: ReturnType<typeof useAmountInput>;
  testId: string;
  hint: string;
  available: { text: string; testId: string };
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <TextField
      label={label}
      value={amount.input}
      onValueChange={amount.change}
      inputMode={inputMode}
      autoComplete="off"
      className="num"
      testId={testId}
      error={amount.error || undefined}
      hint={
        <>
          {hint} <span data-testid={available.testId}>{available.text}</span>
        </>
      }
    />
  );
}
