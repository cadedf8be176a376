import type { Locale } from './locale';

/**
 * The one reading of a number a user typed (docs/design.md, "Typing an amount"). A field shows
 * exactly what was typed and reads the whole text each time it changes, in the user's locale: the
 * reading is a canonical decimal ("1234.5": no grouping, '.' as separator, no leading zeros, no
 * trailing fraction zeros) or one problem that names what is wrong. Nothing is dropped, inserted or
 * guessed: "1,5" lots is not 15, "-5" is not 5 and "1e20" is not 120.
 */

export type TypedNumberProblem =
  'SIGN' | 'EXPONENT' | 'NOT_A_NUMBER' | 'SEPARATOR' | 'AMBIGUOUS' | 'TOO_MANY_DECIMALS' | 'NOT_WHOLE';

export type TypedNumberSpec = {
  /** Most digits the field takes after the separator, counted after trailing zeros are dropped. */
  decimals: number;
  /** Counted in whole units (lots, contracts): any fraction is NOT_WHOLE rather than a decimals count. */
  whole?: boolean;
};

export type TypedNumberParams = {
  /** TOO_MANY_DECIMALS: how many the field takes. */
  decimals?: number;
  /** AMBIGUOUS: the two canonical readings, the separator as a decimal one and as grouping. */
  asDecimal?: string;
  asGrouping?: string;
};

export type TypedNumber =
  { ok: true; value: string | null } | { ok: false; problem: TypedNumberProblem; params?: TypedNumberParams };

export const SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  'tr-TR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

/** Space, no-break space and narrow no-break space: what other locales and paste sources group with. */
const SPACE = /[ \u00a0\u202f]/;
const SIGN = /[-+\u2212]/;
/** An exponent: an e between digits, its own sign included ("1e20", "2E-5"). */
const EXPONENT = /\d[eE][-+\u2212]?\d/;
const EXPONENT_SIGN = /(\d[eE])[-+\u2212](?=\d)/g;
const ALLOWED = /^[\d., \u00a0\u202f]*$/;

/**
 * An integer part split by its grouping: the first group 1-3 digits not starting with 0, then
 * groups of three ("0.123" or "012.345" are not how anyone writes a grouped integer). One kind of
 * grouping character only: "1.234 567" mixes two and is a typo, not a style.
 */
function ungroup(text: string, group: string): string | null {
  const kinds = new Set<string>();
  for (const c of text) if (c === group || SPACE.test(c)) kinds.add(SPACE.test(c) ? ' ' : c);
  if (kinds.size === 0) return text;
  if (kinds.size > 1) return null;
  const [first = '', ...rest] = text.split(kinds.has(' ') ? /[ \u00a0\u202f]/ : group);
  if (!/^[1-9]\d{0,2}$/.test(first)) return null;
  return rest.every((g) => /^\d{3}$/.test(g)) ? first + rest.join('') : null;
}

type Split =
  | { int: string; frac: string }
  | { problem: 'SEPARATOR' }
  | { problem: 'AMBIGUOUS'; int: string; frac: string };

/** Integer and fraction digits of a text of digits, separators and spaces (rules 5-8). */
function split(body: string, locale: Locale, decimals: number): Split {
  const { decimal, group } = SEPARATORS[locale];
  const parts = body.split(decimal);
  if (parts.length > 2) return { problem: 'SEPARATOR' };
  if (parts.length === 2) {
    const [intText = '', frac = ''] = parts;
    if (!/^\d*$/.test(frac)) return { problem: 'SEPARATOR' };
    const int = ungroup(intText, group);
    return int === null ? { problem: 'SEPARATOR' } : { int, frac };
  }
  const groupings = [...body].filter((c) => c === group || SPACE.test(c)).length;
  const at = body.indexOf(group);
  if (groupings === 1 && at >= 0) {
    // One G and no D: grouping where it can be ("1.250"), else the decimal separator typed on a
    // keypad that offers only the other one ("12.5" in tr-TR). Where the field takes 3+ decimals
    // "1.250" may be either, and a coin read a thousand times too big is worse than a question.
    const int = body.slice(0, at);
    const frac = body.slice(at + 1);
    if (ungroup(body, group) === null) return { int, frac };
    return decimals >= 3 ? { problem: 'AMBIGUOUS', int, frac } : { int: int + frac, frac: '' };
  }
  const int = ungroup(body, group);
  return int === null ? { problem: 'SEPARATOR' } : { int, frac: '' };
}

const canonical = (int: string, frac: string): string => {
  const i = int.replace(/^0+/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f === '' ? i : `${i}.${f}`;
};

/**
 * What the user typed, read in their locale: `{ ok: true, value }` with the canonical decimal (null
 * when only whitespace was typed: the form's "required" comes when it is sent), or the one problem
 * that stands in the way, checked in this order: a sign (a '-' or '+' outside an exponent), an
 * exponent, a character that is no digit, separator or space (other scripts' digits too), a
 * separator that does not fit, an ambiguous lone grouping separator, too many decimals (or any
 * fraction of a whole unit). Zero reads as "0": greater-than-0 is the field's rule, not the text's.
 */
export function readTypedNumber(text: string, locale: Locale, spec: TypedNumberSpec): TypedNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (SIGN.test(trimmed.replace(EXPONENT_SIGN, '$1'))) return { ok: false, problem: 'SIGN' };
  if (EXPONENT.test(trimmed)) return { ok: false, problem: 'EXPONENT' };
  if (!ALLOWED.test(trimmed) || !/\d/.test(trimmed)) return { ok: false, problem: 'NOT_A_NUMBER' };
  const read = split(trimmed, locale, spec.decimals);
  if ('problem' in read) {
    if (read.problem === 'SEPARATOR') return { ok: false, problem: 'SEPARATOR' };
    const params = {
      asDecimal: canonical(read.int, read.frac),
      asGrouping: canonical(read.int + read.frac, ''),
    };
    return { ok: false, problem: 'AMBIGUOUS', params };
  }
  const value = canonical(read.int, read.frac);
  const places = value.split('.')[1]?.length ?? 0;
  if (spec.whole && places > 0) return { ok: false, problem: 'NOT_WHOLE' };
  if (places > spec.decimals)
    return { ok: false, problem: 'TOO_MANY_DECIMALS', params: { decimals: spec.decimals } };
  return { ok: true, value };
}

/**
 * A canonical decimal as a field shows it in the locale: its separator, no grouping (so that
 * reading it back never meets an ambiguous "1.250"), and the decimals it comes with up to the
 * field's ("318.00" stays "318,00" as the board quotes it). '' when it is not a plain decimal.
 */
export function typedTextOf(canonicalValue: string, locale: Locale, decimals: number): string {
  if (!/^\d+(\.\d+)?$/.test(canonicalValue)) return '';
  const [int = '', fracText = ''] = canonicalValue.split('.');
  const short = canonical(int, fracText);
  const [shortInt = '', shortFrac = ''] = short.split('.');
  const frac = fracText.length <= decimals ? fracText : shortFrac;
  return frac === '' ? shortInt : `${shortInt}${SEPARATORS[locale].decimal}${frac}`;
}
