import type Decimal from 'decimal.js';
import { COLUMNS, readAtScale, type ColumnScale } from '../../domain/validation/scale';
import { ApiError } from './errors';

/**
 * A number a handler reads itself (its schema keeps the field a plain string), at its column's
 * scale (domain/validation/scale.ts): the exact Decimal, or a refusal naming the field; never a
 * rounded value. A minus sign is a format error: these fields have no negative form.
 */
export function decimalField(value: string, field: string, column: ColumnScale = COLUMNS.money): Decimal {
  const read = value.startsWith('-') ? null : readAtScale(value, column);
  if (read === null) throw new ApiError('NUMBER_FORMAT', { field });
  if (!read.ok) throw new ApiError(read.error.key, { ...read.error.params, field });
  return read.value;
}
