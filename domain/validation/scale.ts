import Decimal from 'decimal.js';
import { CANONICAL_DECIMAL } from '../format/parse';
import type { RuleError } from '../rules/types';

/**
 * A NUMERIC(precision, scale) column as the database keeps it: `scale` digits after the point,
 * `precision - scale` before it. PostgreSQL rounds a value with more decimals to the scale (a
 * trail of 1e-27 becomes 0) and fails one with more integer digits, so the broker reads each
 * number it is sent at its column's scale first: what is stored is then what was sent.
 */
export type ColumnScale = { readonly precision: number; readonly scale: number };

/**
 * The numeric column kinds of server/db/schema/columns.ts, written here so the schema and the
 * wire's checks read the same figures: an amount of money, a price, a quantity, a rate or a
 * threshold (`money`); whole lots (`lots`); a block sale's discount fraction (`fraction`).
 */
export const COLUMNS = {
  money: { precision: 38, scale: 18 },
  lots: { precision: 38, scale: 0 },
  fraction: { precision: 10, scale: 6 },
} as const satisfies Record<string, ColumnScale>;

export type ColumnKind = keyof typeof COLUMNS;

/**
 * An amount a wallet keeps to fewer decimals than its money column (TRY to the kuruş, USDT to 8):
 * the column's integer digits, `decimals` after the point.
 */
export function moneyTo(decimals: number): ColumnScale {
  return { precision: COLUMNS.money.precision - COLUMNS.money.scale + decimals, scale: decimals };
}

/** Why a canonical decimal does not fit its column. */
export type ScaleRefusal = RuleError & { key: 'AMOUNT_PRECISION' | 'NUMBER_OUT_OF_RANGE' };

/**
 * What keeps a canonical decimal out of `column`, or null when it fits exactly: more decimals
 * than the scale (trailing zeros do not count, "1.50" has one) is refused naming the decimals
 * allowed, never rounded (a nonzero value never becomes 0); more integer digits than the
 * column holds is out of range, naming them. A text that is not canonical is not this rule's to
 * judge (the format check answers it): null.
 */
export function scaleProblem(text: string, column: ColumnScale): ScaleRefusal | null {
  if (!CANONICAL_DECIMAL.test(text)) return null;
  const [whole = '', fraction = ''] = text.replace(/^-/, '').split('.');
  const decimals = fraction.replace(/0+$/, '').length;
  if (decimals > column.scale) return { key: 'AMOUNT_PRECISION', params: { decimals: column.scale } };
  const digits = column.precision - column.scale;
  if (whole !== '0' && whole.length > digits) return { key: 'NUMBER_OUT_OF_RANGE', params: { digits } };
  return null;
}

export type ScaleRead = { ok: true; value: Decimal } | { ok: false; error: RuleError };

/**
 * The wire's text as the column stores it: the exact Decimal, or the refusal. Not canonical
 * ("1e-27", " 1", "1,5", "+1") is a number-format error: the wire takes only canonical decimals.
 */
export function readAtScale(text: string, column: ColumnScale): ScaleRead {
  if (!CANONICAL_DECIMAL.test(text)) return { ok: false, error: { key: 'NUMBER_FORMAT' } };
  const problem = scaleProblem(text, column);
  return problem ? { ok: false, error: problem } : { ok: true, value: new Decimal(text) };
}
