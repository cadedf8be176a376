import { z } from 'zod';
import type { ErrorKey } from '../protocol/error-keys';
import { CANONICAL_DECIMAL } from '../format/parse';
import { COLUMNS, scaleProblem, type ColumnKind, type ColumnScale } from './scale';

/**
 * Builders for wire fields. Every request field arrives as a string (GET query or form body),
 * so each builder takes a string and says what it must look like. A failing check carries its
 * error key as the issue message, which `fieldErrorFromIssue` turns into a localizable error.
 * The same schemas validate client forms and server requests (ARCHITECTURE rule 2).
 */

const err = (key: ErrorKey) => ({ error: key });

/**
 * Characters that have no place in user text: C0/C1 controls, zero-width and bidi controls
 * (they let a name display differently from what it is), BOM, specials and the replacement
 * character (what undecodable bytes become), and unpaired surrogates.
 */
const FORBIDDEN_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF\uFFF9-\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
const FORBIDDEN_LINE = /[\n\r\t]/;

export type TextOptions = { max: number; min?: number; multiline?: boolean };

/** Free text: trimmed, NFC-normalized, length in UTF-16 units as browsers count `maxlength`. */
export function text({ max, min = 1, multiline = false }: TextOptions) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .trim()
    .normalize('NFC')
    .min(min, err(min <= 1 ? 'FIELD_REQUIRED' : 'FIELD_TOO_SHORT'))
    .max(max, err('FIELD_TOO_LONG'))
    .refine(
      (s) => !FORBIDDEN_TEXT.test(s) && (multiline || !FORBIDDEN_LINE.test(s)),
      err('FIELD_INVALID_CHARS'),
    );
}

export type DecimalOptions = {
  maxLength?: number;
  /**
   * The column the value is stored in (server/db/schema), by kind or as NUMERIC(p,s): more
   * decimals than its scale, or more integer digits than it holds, is refused here, so nothing
   * is rounded on the way into the database (a trail of 1e-27 stored as 0). Defaults to `money`,
   * the column of every amount, price, quantity, rate and threshold.
   */
  column?: ColumnKind | ColumnScale;
};

/**
 * The column of every decimal field, by its schema: what reads a declaration (the numeric-scale
 * property test) finds a request's numbers and their scale here.
 */
export const decimalColumns = z.registry<{ column: ColumnScale }>();

/** Refuses, with its key and params, a canonical decimal that does not fit its column. */
const columnOf = (column: ColumnKind | ColumnScale): ColumnScale =>
  typeof column === 'string' ? COLUMNS[column] : column;

function fitsColumn(column: ColumnKind | ColumnScale) {
  const scale = columnOf(column);
  return (value: string, ctx: z.core.$RefinementCtx<string>) => {
    const problem = value === '' ? null : scaleProblem(value, scale);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
  };
}

/**
 * A decimal amount, price or quantity as a canonical string, within its column; the value stays a
 * string (Decimal in code). Not trimmed: the wire takes only canonical decimals (DECISIONS §3), so
 * `  1  ` is a number-format error, as `1,5` is; the client normalises what users type before
 * sending.
 */
export function decimal({ maxLength = 40, column = 'money' }: DecimalOptions = {}) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .min(1, err('FIELD_REQUIRED'))
    .max(maxLength, err('FIELD_TOO_LONG'))
    .regex(CANONICAL_DECIMAL, err('NUMBER_FORMAT'))
    .superRefine(fitsColumn(column))
    .register(decimalColumns, { column: columnOf(column) });
}

/**
 * A decimal that may be sent empty to clear what it sets (a take-profit, a stop-loss): empty, or
 * canonical like `decimal()` and within its column — a padded " 12" is refused, not trimmed
 * (DECISIONS: the wire takes only canonical decimals).
 */
export function decimalOrEmpty({ maxLength = 40, column = 'money' }: DecimalOptions = {}) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .max(maxLength, err('FIELD_TOO_LONG'))
    .refine((value) => value === '' || CANONICAL_DECIMAL.test(value), err('NUMBER_FORMAT'))
    .superRefine(fitsColumn(column))
    .register(decimalColumns, { column: columnOf(column) });
}

/** A whole number given as a string (page, size, ids counted in integers), within [min, max]. */
export function int({ min, max }: { min: number; max: number }) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .trim()
    .min(1, err('FIELD_REQUIRED'))
    .regex(/^-?(0|[1-9]\d{0,14})$/, err('NUMBER_FORMAT'))
    .transform(Number)
    .pipe(z.number().int().min(min, err('FIELD_INVALID')).max(max, err('FIELD_INVALID')));
}

/**
 * A moment as epoch milliseconds (DECISIONS §4), given as a whole number from 1970 to the end of
 * year 9999: a filter bound the database compares with its timestamps, so a value past what they
 * hold is refused here rather than at the query.
 */
export const epochMs = int({ min: 0, max: 253_402_300_799_999 });

/**
 * A row id on the wire (DECISIONS §4: ids are strings): a positive whole number that fits a
 * PostgreSQL bigint, as a bigint. Anything else is an invalid id rather than a "number format"
 * problem, since nobody types an id by hand.
 */
export const rowId = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .min(1, err('FIELD_REQUIRED'))
  .regex(/^[1-9]\d{0,17}$/, err('FIELD_INVALID'))
  .transform((s) => BigInt(s));

/** Row ids as `rowId` reads them, comma-separated. */
const ROW_ID_LIST = /^[1-9]\d{0,17}(?:,[1-9]\d{0,17})*$/;

/**
 * Row ids, comma-separated (a form body has no lists), each as `rowId` reads one, repeats
 * dropped, at most `max` (IDS_TOO_MANY with `{max}`): what a confirmation named, for a call that
 * must touch only those.
 */
export function rowIdList(max: number) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .trim()
    .min(1, err('FIELD_REQUIRED'))
    .regex(ROW_ID_LIST, err('FIELD_INVALID'))
    .transform((s) => [...new Set(s.split(','))].map((id) => BigInt(id)))
    .superRefine((ids, ctx) => {
      if (ids.length > max)
        ctx.addIssue({ code: 'custom', message: 'IDS_TOO_MANY', params: { max }, input: ids });
    });
}

/** One of a fixed set of values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, err('FIELD_INVALID'));
}

/** Paging of every list (DECISIONS §4): `page` from 1, `size` up to 100. */
export const paging = {
  page: int({ min: 1, max: 100_000 }).default(1),
  size: int({ min: 1, max: 100 }).default(20),
};

/** The request of a call about one row (an order, a position, a card): its id. */
export const idRequestSchema = z.object({ id: rowId });

/** The request of a list that nothing narrows. */
export const pageRequestSchema = z.object(paging);

/** The request of a list that may be narrowed to one of its rows' statuses. */
export function statusPageRequestSchema<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.object({ ...paging, status: oneOf(statuses).optional() });
}

/**
 * "Load more" of a newest-first list: the id of the last row the client shows. With it the page
 * is the rows after that one (`page` then counts nothing), so an order placed or a message
 * received while the user scrolls neither repeats a row nor skips one, as an offset would.
 */
export const pagingCursor = { before: rowId.optional() };

/** The funds detail's cursor: a row is a transaction's booking in one wallet and currency. */
export const txRecordCursor = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .regex(/^[1-9]\d{0,17}-(stock|coin|contract)-[A-Z0-9]{1,20}$/, err('FIELD_INVALID'))
  .transform((s) => {
    const [id = '', wallet = '', currency = ''] = s.split('-');
    return { transactionId: BigInt(id), wallet, currency };
  });

/**
 * A symbol as typed: letters and digits, case-insensitive on the way in (DECISIONS §4 lists
 * them upper-case). Anything that cannot be a symbol is simply an unknown one.
 */
export const symbolField = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .min(1, err('FIELD_REQUIRED'))
  .max(20, err('UNKNOWN_SYMBOL'))
  .regex(/^[A-Za-z0-9]+$/, err('UNKNOWN_SYMBOL'))
  .transform((s) => s.toUpperCase());
