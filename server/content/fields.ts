import { z } from 'zod';
import type { ErrorKey } from '../../domain/protocol/error-keys';

const err = (key: ErrorKey) => ({ error: key });

/**
 * A row id on the wire (DECISIONS §4: ids are strings): a positive whole number that fits a
 * PostgreSQL bigint. Anything else is an invalid id rather than a "number format" problem,
 * since nobody types an id by hand.
 */
export const rowId = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .min(1, err('FIELD_REQUIRED'))
  .regex(/^[1-9]\d{0,17}$/, err('FIELD_INVALID'))
  .transform((s) => BigInt(s));

/** Offset of a page (page counts from 1). */
export function offsetOf(page: number, size: number): number {
  return (page - 1) * size;
}
