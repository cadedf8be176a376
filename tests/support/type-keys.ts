import { fireEvent } from '@testing-library/react';

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
