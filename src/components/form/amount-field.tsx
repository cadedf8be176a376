import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { TextField } from './text-field';
import type { AmountFieldState } from './use-amount-field';

/**
 * The one field for money and quantities (docs/design.md, "Typing an amount"): the locale's
 * separators, grouping as the user types, digits and one separator only, the unit's decimals,
 * and a message that names what is wrong. Phones open their decimal pad (`inputmode`); a unit
 * counted in whole numbers (lots) opens the numeric one.
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
  field: AmountFieldState;
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
  const input = useRef<HTMLInputElement>(null);
  const { display, caret } = field;
  useLayoutEffect(() => {
    const at = caret.current;
    const element = input.current;
    caret.current = null;
    if (at === null || !element || element.ownerDocument.activeElement !== element) return;
    element.setSelectionRange(at, at);
  }, [display, caret]);
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
      value={display}
      onValueChange={(text) => {
        field.change(text);
        onEdit?.();
      }}
      inputRef={input}
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
