import { describe, expect, it } from 'vitest';
import { canonicalOf, displayOf, editAmount, plainAmountOf } from './amount-text';

/** Types `keys` one by one into an empty field, as the field does: each edit read against the last. */
function typeInto(keys: string, locale: 'tr-TR' | 'en-US'): string {
  let display = '';
  for (const key of keys) {
    const edit = editAmount(display, display + key, locale);
    if (edit.ok) display = edit.display;
  }
  return display;
}

describe('amount text', () => {
  it('reads a lone point or comma as the decimal separator, in either locale', () => {
    // The same key means the same thing: "100.123" is not a hundred thousand and "100.5" a hundred.
    expect(plainAmountOf('100.123')).toEqual({ ok: true, plain: '100.123' });
    expect(plainAmountOf('100.5')).toEqual({ ok: true, plain: '100.5' });
    expect(plainAmountOf('100,5')).toEqual({ ok: true, plain: '100.5' });
    expect(plainAmountOf('10.123')).toEqual({ ok: true, plain: '10.123' });
  });

  it('reads grouping only where it cannot be a decimal separator', () => {
    expect(plainAmountOf('1.234,56')).toEqual({ ok: true, plain: '1234.56' });
    expect(plainAmountOf('1,234.56')).toEqual({ ok: true, plain: '1234.56' });
    expect(plainAmountOf('1.234.567')).toEqual({ ok: true, plain: '1234567' });
    expect(plainAmountOf('1 234 567,5')).toEqual({ ok: true, plain: '1234567.5' });
    expect(plainAmountOf('1.23,4').ok).toBe(false);
    expect(plainAmountOf('1.2.3').ok).toBe(false);
    expect(plainAmountOf('1,2.3,4').ok).toBe(false);
  });

  it('says a text with letters, exponents or signs is not a number', () => {
    for (const text of ['abc', '1e20', '-5', '+5', '12a', 'Infinity', '١٢', '.', ','])
      expect(plainAmountOf(text), text).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
    expect(plainAmountOf('  ')).toEqual({ ok: false, error: 'EMPTY' });
  });

  it('sends one canonical string for equal amounts', () => {
    expect(canonicalOf('0012.50')).toBe('12.5');
    expect(canonicalOf('12.')).toBe('12');
    expect(canonicalOf('.5')).toBe('0.5');
    expect(canonicalOf('000')).toBe('0');
  });

  it('groups as the user types, with the locale separators', () => {
    expect(typeInto('1234567', 'tr-TR')).toBe('1.234.567');
    expect(typeInto('1234567', 'en-US')).toBe('1,234,567');
    expect(typeInto('1234.5', 'tr-TR')).toBe('1.234,5');
    expect(typeInto('1234,5', 'tr-TR')).toBe('1.234,5');
    expect(typeInto('1234,5', 'en-US')).toBe('1,234.5');
    expect(typeInto('100.50', 'tr-TR')).toBe('100,50');
    expect(displayOf('1234.', 'tr-TR')).toBe('1.234,');
  });

  it('refuses letters and a second separator, keeping what was there', () => {
    expect(typeInto('1a2b3', 'tr-TR')).toBe('123');
    expect(typeInto('1e20', 'en-US')).toBe('120');
    expect(editAmount('12,5', '12,5,', 'tr-TR')).toEqual({ ok: false, error: 'ONE_SEPARATOR' });
    expect(editAmount('12,5', '12,5.', 'tr-TR')).toEqual({ ok: false, error: 'ONE_SEPARATOR' });
    expect(editAmount('', 'abc', 'tr-TR')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
  });

  it('keeps its own grouping when a point is typed after a grouped number', () => {
    // "1.000" is the field's own grouping; the "." typed after it is the decimal separator.
    const edit = editAmount('1.000', '1.000.', 'tr-TR');
    expect(edit).toEqual({ ok: true, plain: '1000.', display: '1.000,', caret: 6 });
  });

  it('refuses a paste that may be grouping or decimals, and reads every other paste', () => {
    // Pasted, "100.123" in tr-TR may be a hundred thousand or a hundred: never guessed.
    expect(editAmount('', '100.123', 'tr-TR')).toEqual({ ok: false, error: 'AMBIGUOUS' });
    expect(editAmount('', '1,250', 'en-US')).toEqual({ ok: false, error: 'AMBIGUOUS' });
    // The locale's own decimal separator, or another digit count, is not ambiguous.
    expect(editAmount('', '100,123', 'tr-TR')).toEqual({
      ok: true,
      plain: '100.123',
      display: '100,123',
      caret: 7,
    });
    expect(editAmount('', '100.5', 'tr-TR')).toMatchObject({ display: '100,5' });
    expect(editAmount('', '1.250', 'en-US')).toMatchObject({ display: '1.250' });
    // Typed key by key, the point is the decimal separator, shown as the locale writes it.
    expect(typeInto('100.123', 'tr-TR')).toBe('100,123');
    expect(editAmount('', '1.234.567,89', 'tr-TR')).toMatchObject({ display: '1.234.567,89' });
  });

  it('moves the caret over the grouping it adds or removes', () => {
    // "123|" + "4" → "1.234|"
    expect(editAmount('123', '1234', 'tr-TR')).toMatchObject({ display: '1.234', caret: 5 });
    // "1|.234" with a "5" inserted after the first digit → "15.234" → "15|.234"
    expect(editAmount('1.234', '15.234', 'tr-TR')).toMatchObject({ display: '15.234', caret: 2 });
    // Deleting a digit: "1.23|4" → "1.24" → "124" with the caret after "12"
    expect(editAmount('1.234', '1.24', 'tr-TR')).toMatchObject({ display: '124', caret: 2 });
  });

  it('reads separators in a whole-number field as grouping only', () => {
    // "1.000" lots is a thousand, never 1,000 read as one lot.
    expect(plainAmountOf('1.000', true)).toEqual({ ok: true, plain: '1000' });
    expect(plainAmountOf('1,000', true)).toEqual({ ok: true, plain: '1000' });
    expect(plainAmountOf('1,5', true)).toEqual({ ok: false, error: 'NOT_WHOLE' });
    expect(plainAmountOf('1.000,5', true)).toEqual({ ok: false, error: 'NOT_WHOLE' });
    expect(editAmount('12', '12,', 'tr-TR', true)).toEqual({ ok: false, error: 'NOT_WHOLE' });
    expect(editAmount('', '2.500', 'tr-TR', true)).toMatchObject({ display: '2.500', plain: '2500' });
  });
});
