import { ApiError } from '../http/errors';

/** A date flag of the operator CLI: epoch ms or an ISO 8601 date; anything else is FIELD_INVALID. */
export function dateOf(field: string, value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isSafeInteger(ms)) throw new ApiError('FIELD_INVALID', { field });
  return ms;
}
