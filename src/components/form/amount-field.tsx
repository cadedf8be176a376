import type { ReactNode } from 'react';
import { TextField } from './text-field';
import type { TypedAmountState } from './use-typed-amount';

/**
 * The one field for money, prices, quantities, triggers and levels (docs/design.md, "Typing an
 * amount"): it shows exactly what was typed, reads it whole in the user's locale, and says under
 * the field what is wrong (a sign, an exponent, a separator, too many decimals for the unit, a
 * fraction of a lot). Phones open their decimal pad (`inputmode`); a unit counted in whole
 * numbers (lots) opens the numeric one.
 *
 * Test ids: the input carries `testId`, its message `${testId}-error` (TextField's convention) and
 * the input `aria-invalid="true"` while a message stands.
 */
export function AmountField({
  field,
  label,
  testId,
  hint,
  available,
  start,
  end,
  onEdit,
  otherError,
  centered = false,
}: {
  field: TypedAmountState;
  label: string;
  testId: string;
  hint?: ReactNode;
  /** The free balance it may use, after the hint. */
  available?: { text: string; testId: string } | undefined;
  /** Inside the box before the input (a stepper's − button). */
  start?: ReactNode;
  end?: ReactNode;
  /** After each edit: a form clears what was about the amount before (a quote, a refusal). */
  onEdit?: () => void;
  /** A refusal about the amount found elsewhere (the server's), shown when the field has none. */
  otherError?: string | undefined;
  /** The figure centred between a stepper's buttons. */
  centered?: boolean;
}) {
  const shownHint =
    hint !== undefined || available ? (
      <>
        {hint}
        {hint !== undefined && available ? ' ' : null}
        {available && <span data-testid={available.testId}>{available.text}</span>}
      </>
    ) : undefined;
  return (
    <TextField
      label={label}
      value={field.text}
      onValueChange={(text) => {
        field.change(text);
        onEdit?.();
      }}
      inputMode={field.rules.decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      className={centered ? 'stepper__input num' : 'num'}
      testId={testId}
      error={field.error || otherError || undefined}
      hint={shownHint}
      start={start}
      end={end}
    />
  );
}
