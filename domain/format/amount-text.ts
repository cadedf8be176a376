import type { Locale } from './locale';

/**
 * The one rule for amounts and quantities typed or pasted into an amount field (docs/design.md,
 * "Typing an amount"). The field writes the grouping itself as the user types, so the user only
 * ever types digits and one decimal separator:
 * - a lone '.' or ',' is the decimal separator, whichever the locale's is: phone keypads offer
 *   only one of them, and "100.123" must not become a hundred thousand in tr-TR while "100.5"
 *   stays a hundred (the same key, two meanings, is what made a deposit ten times too big);
 * - a text with both ('1.234,56' or '1,234.56') takes the last one as the decimal separator and
 *   the other as grouping, which must then group by three;
 * - one of them repeated ('1.234.567') is grouping only;
 * - spaces (incl. U+00A0, U+202F) are grouping; anything else (letters, '1e20', a sign) is not a
 *   number.
 * A paste is not a keystroke: a lone separator that is not the locale's decimal one, before
 * exactly three digits ("100.123" pasted in tr-TR, "1,250" in en-US), may be either, and is
 * refused as ambiguous rather than guessed (pastePlainOf).
 * A field of whole numbers (lots) has no decimal separator to mistake: there '.' and ',' are
 * grouping only ("1.000" lots is a thousand), and a fraction is refused as not whole.
 */

export type AmountTextError = 'EMPTY' | 'NOT_A_NUMBER' | 'NOT_WHOLE' | 'AMBIGUOUS';

/** Digits with an optional decimal point, as typed so far: "1234", "1234.", "1234.50", ".5". */
export type PlainAmount = string;

const SPACES = /[ \u00a0\u202f]/g;
const SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  'tr-TR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

/** Whether an integer part written with one grouping character groups by three. */
function groupsByThree(text: string, group: string): boolean {
  const groups = text.split(group);
  if (groups.length === 1) return /^\d*$/.test(text);
  const [first = '', ...rest] = groups;
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g));
}

/** A pasted or typed text as plain digits and at most one '.', or why it is not a number. */
export function plainAmountOf(
  text: string,
  whole = false,
): { ok: true; plain: PlainAmount } | { ok: false; error: AmountTextError } {
  const body = text.replace(SPACES, '');
  if (body === '') return { ok: false, error: 'EMPTY' };
  if (!/^[\d.,]+$/.test(body)) return { ok: false, error: 'NOT_A_NUMBER' };
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (whole) {
    const group = dots > 0 ? '.' : ',';
    if (dots > 0 && commas > 0) return { ok: false, error: 'NOT_WHOLE' };
    if (!groupsByThree(body, group)) return { ok: false, error: 'NOT_WHOLE' };
    return { ok: true, plain: body.split(group).join('') };
  }
  let plain: string;
  if (dots + commas === 0) plain = body;
  else if (dots + commas === 1) plain = body.replace(',', '.');
  else if (dots > 0 && commas > 0) {
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    const int = body.slice(0, at);
    const frac = body.slice(at + 1);
    if (frac.includes(group) || int.includes(decimal) || !groupsByThree(int, group))
      return { ok: false, error: 'NOT_A_NUMBER' };
    plain = `${int.split(group).join('')}.${frac}`;
  } else {
    const group = dots > 0 ? '.' : ',';
    if (!groupsByThree(body, group)) return { ok: false, error: 'NOT_A_NUMBER' };
    plain = body.split(group).join('');
  }
  if (!/\d/.test(plain)) return { ok: false, error: 'NOT_A_NUMBER' };
  return { ok: true, plain };
}

/**
 * A pasted text as a plain amount: plainAmountOf, but a lone separator that is the other locale's
 * and stands before exactly three digits is AMBIGUOUS ("100.123" in tr-TR may be a hundred
 * thousand written the Turkish way, or a hundred with decimals copied from English).
 */
export function pastePlainOf(
  text: string,
  locale: Locale,
  whole = false,
): { ok: true; plain: PlainAmount } | { ok: false; error: AmountTextError } {
  const body = text.replace(SPACES, '');
  const other = SEPARATORS[locale].group;
  const separators = body.replace(/[^.,]/g, '');
  if (!whole && separators === other && /^\d+[.,]\d{3}$/.test(body)) return { ok: false, error: 'AMBIGUOUS' };
  return plainAmountOf(text, whole);
}

/**
 * The canonical wire decimal of a plain amount ("0012.50" → "12.5", "12." → "12", ".5" → "0.5"):
 * equal amounts always send the same string.
 */
export function canonicalOf(plain: PlainAmount): string {
  const [intText = '', fracText = ''] = plain.split('.');
  const int = intText.replace(/^0+/, '') || '0';
  const frac = fracText.replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/** The locale's text of a plain amount, grouped by three, keeping what is being typed ("1.234,"). */
export function displayOf(plain: PlainAmount, locale: Locale): string {
  const { decimal, group } = SEPARATORS[locale];
  const at = plain.indexOf('.');
  const int = at < 0 ? plain : plain.slice(0, at);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return at < 0 ? grouped : `${grouped}${decimal}${plain.slice(at + 1)}`;
}

/** A field's text back to its plain amount: its own grouping dropped, its decimal separator a '.'. */
function plainOfDisplay(display: string, locale: Locale): PlainAmount {
  const { decimal, group } = SEPARATORS[locale];
  return display.split(group).join('').replace(decimal, '.');
}

export type AmountEdit =
  | { ok: true; plain: PlainAmount; display: string; caret: number }
  | { ok: false; error: 'NOT_A_NUMBER' | 'ONE_SEPARATOR' | 'NOT_WHOLE' | 'AMBIGUOUS' };

/**
 * One change of the field's text (a key typed, a deletion, a paste) read against what the field
 * showed before: what the field wrote keeps its meaning (its grouping is grouping), and only what
 * was inserted is read — a single '.' or ',' as the decimal separator, a longer paste by
 * pastePlainOf. Refused (the field keeps its text) when that makes no number, or a second
 * separator. `caret` is where the cursor goes in the new display: after what was inserted.
 */
export function editAmount(before: string, after: string, locale: Locale, whole = false): AmountEdit {
  let start = 0;
  const shortest = Math.min(before.length, after.length);
  while (start < shortest && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end += 1;
  const inserted = after.slice(start, after.length - end);
  const head = plainOfDisplay(before.slice(0, start), locale);
  const tail = plainOfDisplay(before.slice(before.length - end), locale);
  let middle = '';
  if (inserted.length === 1 && (inserted === '.' || inserted === ',')) {
    if (whole) return { ok: false, error: 'NOT_WHOLE' };
    middle = '.';
  } else if (inserted !== '') {
    const read = pastePlainOf(inserted, locale, whole);
    if (!read.ok) {
      // Only spaces were inserted: nothing to read, nothing to refuse.
      if (read.error === 'EMPTY') middle = '';
      else return { ok: false, error: read.error };
    } else middle = read.plain;
  }
  const plain = head + middle + tail;
  if (plain.split('.').length > 2) return { ok: false, error: 'ONE_SEPARATOR' };
  const display = displayOf(plain, locale);
  return { ok: true, plain, display, caret: caretAfter(display, (head + middle).length, locale) };
}

/** The position in `display` after its first `count` digits and decimal separator. */
function caretAfter(display: string, count: number, locale: Locale): number {
  const { decimal } = SEPARATORS[locale];
  let seen = 0;
  for (let i = 0; i < display.length; i += 1) {
    if (seen === count) return i;
    const c = display.charAt(i);
    // The grouping characters are the field's, not typed: they do not count.
    if (/\d/.test(c) || c === decimal) seen += 1;
  }
  return display.length;
}
