import { pick } from './random';
import type { FieldSpec, OracleLocale } from './typed-number-oracle';

// Strings a person (or a paste) may put into a number field: noise from the characters that trip
// readers up, and well-formed numbers in either locale's way of writing them, biased so about
// half are numbers the field can take.

const NOISE = ['0', '1', '2', '5', '9', '.', ',', '-', '+', '\u2212', 'e', 'E', ' ', '\u00a0', 'a', 'x', 'O'];

const MARKS: Record<OracleLocale, { decimal: string; group: string }> = {
  'tr-TR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

function digits(random: () => number, count: number, noLeadingZero = false): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const low = noLeadingZero && i === 0 ? 1 : 0;
    out += String(low + Math.floor(random() * (10 - low)));
  }
  return out;
}

/** An integer of 1–7 digits, grouped by threes with the locale's mark or a space, or not at all. */
function integer(random: () => number, group: string): string {
  const plain = digits(random, 1 + Math.floor(random() * 7), true);
  const style = random();
  if (style < 0.5 || plain.length < 4) return plain;
  const mark = style < 0.85 ? group : pick(random, [' ', '\u00a0']);
  const head = plain.length % 3 || 3;
  const groups = [plain.slice(0, head)];
  for (let i = head; i < plain.length; i += 3) groups.push(plain.slice(i, i + 3));
  return groups.join(mark);
}

/** A number written the locale's way: grouped or not, with up to (and sometimes past) its decimals. */
function wellFormed(random: () => number, locale: OracleLocale, spec: FieldSpec): string {
  const { decimal, group } = MARKS[locale];
  const int = random() < 0.1 ? '0' : integer(random, group);
  const allowed = spec.whole ? 0 : spec.decimals;
  const roll = random();
  // Mostly within the field's decimals, sometimes one past them (a problem to name).
  const count = roll < 0.35 ? 0 : roll < 0.85 ? 1 + Math.floor(random() * Math.max(allowed, 1)) : allowed + 1;
  if (count === 0) return int;
  return `${int}${decimal}${digits(random, count)}`;
}

/** Characters drawn from NOISE: signs, exponents, separators, spaces, letters. */
function noise(random: () => number): string {
  const length = 1 + Math.floor(random() * 7);
  let out = '';
  for (let i = 0; i < length; i += 1) out += pick(random, NOISE);
  return out;
}

/** A well-formed number spoiled in one place: a sign, an exponent, a letter or a stray separator. */
function spoiled(random: () => number, locale: OracleLocale, spec: FieldSpec): string {
  const number = wellFormed(random, locale, spec);
  const at = Math.floor(random() * (number.length + 1));
  const insert = pick(random, ['-', '\u2212', '+', 'e', 'E5', 'e-3', '.', ',', ' ', 'a', '\u0665']);
  return `${number.slice(0, at)}${insert}${number.slice(at)}`;
}

/** The other locale's way of writing a number: right in one locale, misread or refused in the other. */
function foreign(random: () => number, locale: OracleLocale, spec: FieldSpec): string {
  return wellFormed(random, locale === 'tr-TR' ? 'en-US' : 'tr-TR', spec);
}

/**
 * A canonical value the field can take (a price inside the day's band, a lot count the balance
 * buys) written the locale's way: grouped or not, with trailing zeros or a bare separator.
 */
export function written(random: () => number, canonical: string, locale: OracleLocale): string {
  const { decimal, group } = MARKS[locale];
  const [int = '', frac = ''] = canonical.split('.');
  const groupedInt = random() < 0.5 ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const roll = random();
  const tail = frac !== '' ? `${decimal}${frac}${roll < 0.3 ? '0' : ''}` : roll < 0.2 ? `${decimal}0` : '';
  return `${groupedInt}${tail}`;
}

/**
 * One string to type: about half well formed (some of them `likely`, values the form can take,
 * so the confirm sheet is reached), the rest the other locale's form, spoiled numbers and noise.
 */
export function typedString(
  random: () => number,
  locale: OracleLocale,
  spec: FieldSpec,
  likely: readonly string[] = [],
): string {
  const roll = random();
  const text =
    likely.length > 0 && roll < 0.25
      ? written(random, pick(random, likely), locale)
      : roll < 0.5
        ? wellFormed(random, locale, spec)
        : roll < 0.65
          ? foreign(random, locale, spec)
          : roll < 0.85
            ? spoiled(random, locale, spec)
            : noise(random);
  // Now and then the spaces a paste brings along.
  return random() < 0.1 ? ` ${text} ` : text;
}
