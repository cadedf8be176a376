import { fireEvent, screen } from '@testing-library/react';

/** Types `value` into the field with this test id at once, as a paste does. */
export const typeInto = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/**
 * Types `keys` into an input one key at a time, each at the end of what the field shows, as a
 * phone keyboard does: a field that rewrites its text as it is typed (an amount it groups) sees
 * every keystroke, not one paste of the whole text.
 */
export function typeKeys(input: HTMLElement, keys: string): void {
  const field = input as HTMLInputElement;
  for (const key of keys) {
    const next = field.value + key;
    field.setSelectionRange?.(field.value.length, field.value.length);
    fireEvent.change(field, { target: { value: next } });
  }
}
