/**
 * Exact decimal values for display, without decimal.js. Showing a wire decimal only needs to read
 * it, truncate it, move its point and compare it: digit-string work, no arithmetic. Keeping
 * decimal.js out of the formatters keeps it out of the first screen's download; money
 * arithmetic stays Decimal (DECISIONS, ARCHITECTURE rule 4).
 *
 * A value is sign × digits × 10^exp, digits without leading or trailing zeros ('' is zero).
 */
export type DecimalText = { readonly neg: boolean; readonly digits: string; readonly exp: number };

/**
 * A plain decimal literal as JS would read it (optional sign, fraction, exponent). The wire only carries
 * canonical decimals, but we stay a little lenient so a stringified number ("1e-7") still displays;
 * whitespace, hex, "Infinity", "NaN" and locale-formatted text ("1,2") are refused.
 */
const DECIMAL_LITERAL = /^([+-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/;
const CHECK_LITERAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** What decimal.js instances carry (Decimal.isDecimal checks the same), so no import is needed. */
const DECIMAL_TAG = '[object Decimal]';

const ZERO: DecimalText = { neg: false, digits: '', exp: 0 };

function make(neg: boolean, digits: string, exp: number): DecimalText {
  const lead = digits.search(/[1-9]/);
  if (lead < 0) return ZERO;
  const trimmed = digits.slice(lead).replace(/0+$/, '');
  const dropped = digits.length - lead - trimmed.length;
  return { neg, digits: trimmed, exp: exp + dropped };
}

/**
 * Reads a display value, or null when there is nothing honest to show. "Finite" means within a
 * double's range, so "1e400" counts as overflow just as it would for a number; inside that range
 * every digit the string had is kept. Numbers are read as JS prints them (0.1 is "0.1").
 */
export function readDecimal(value: unknown): DecimalText | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') text = String(value);
  else if (
    typeof value === 'object' &&
    value !== null &&
    (value as { toStringTag?: unknown }).toStringTag === DECIMAL_TAG
  )
    text = String(value);
  else return null;
  if (!CHECK_LITERAL.test(text) || !Number.isFinite(Number(text))) return null;
  const [, sign, whole = '', fraction = '', exponent] = DECIMAL_LITERAL.exec(text) as RegExpExecArray;
  return make(sign === '-', whole + fraction, Number(exponent ?? 0) - fraction.length);
}

export function isZero(d: DecimalText): boolean {
  return d.digits === '';
}

/** -1, 0 or 1. */
export function signOf(d: DecimalText): -1 | 0 | 1 {
  if (isZero(d)) return 0;
  return d.neg ? -1 : 1;
}

/** Drops the digits past `decimals` (toward zero: money and prices never round up); −0 is 0. */
export function truncateTo(d: DecimalText, decimals: number): DecimalText {
  if (d.exp >= -decimals) return d;
  const keep = d.digits.length + d.exp + decimals;
  return keep <= 0 ? ZERO : make(d.neg, d.digits.slice(0, keep), -decimals);
}

/** The value × 10^places, exactly. */
export function shiftBy(d: DecimalText, places: number): DecimalText {
  return isZero(d) ? d : { ...d, exp: d.exp + places };
}

/** The value with no exponent ("0.0000001", "-1234.5"), as Decimal#toFixed() writes it; zero is "0". */
export function toPlain(d: DecimalText): `${number}` {
  if (isZero(d)) return '0';
  const sign = d.neg ? '-' : '';
  if (d.exp >= 0) return `${sign}${d.digits}${'0'.repeat(d.exp)}` as `${number}`;
  const point = d.digits.length + d.exp;
  const text =
    point > 0 ? `${d.digits.slice(0, point)}.${d.digits.slice(point)}` : `0.${'0'.repeat(-point)}${d.digits}`;
  return `${sign}${text}` as `${number}`;
}

function compareMagnitude(a: DecimalText, b: DecimalText): number {
  // The position of the leading digit decides, then the digits themselves, left-aligned.
  const top = a.digits.length + a.exp - (b.digits.length + b.exp);
  if (top !== 0) return top > 0 ? 1 : -1;
  const width = Math.max(a.digits.length, b.digits.length);
  const x = a.digits.padEnd(width, '0');
  const y = b.digits.padEnd(width, '0');
  if (x === y) return 0;
  return x > y ? 1 : -1;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b (as Decimal#comparedTo). */
export function compareDecimalText(a: DecimalText, b: DecimalText): -1 | 0 | 1 {
  const sa = signOf(a);
  const sb = signOf(b);
  if (sa !== sb) return sa > sb ? 1 : -1;
  if (sa === 0) return 0;
  const order = compareMagnitude(a, b) * sa;
  return order === 0 ? 0 : order > 0 ? 1 : -1;
}
