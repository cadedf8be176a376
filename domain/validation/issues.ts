import type { z } from 'zod';
import { isErrorKey, type ErrorKey } from '../protocol/error-keys';

/** One thing wrong with one field, ready to be localized (`locales/<lang>/errors.json`). */
export type FieldError = {
  key: ErrorKey;
  field: string;
  params: Record<string, string | number>;
};

/**
 * The first problem of a failed parse, as a field error. A field that is absent from the
 * raw input is "required" whatever check failed; otherwise the key the check carries wins,
 * then the issue's kind.
 */
export function fieldErrorFromIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): FieldError {
  const issue = issues[0];
  if (!issue) return { key: 'FIELD_INVALID', field: '', params: {} };
  const field = issue.path.map(String).join('.');
  const params: Record<string, string | number> = {};
  const top = issue.path[0];
  const rawObject = typeof raw === 'object' && raw !== null ? (raw as Record<PropertyKey, unknown>) : {};
  if (top !== undefined && rawObject[top] === undefined) {
    // An unticked agreement box is absent from the form; its own message says what to do.
    const key =
      issue.message === 'AGREEMENT_REQUIRED' || issue.message === 'PRIVACY_PERMISSION_REQUIRED'
        ? issue.message
        : 'FIELD_REQUIRED';
    return { key, field, params };
  }
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') params.max = issue.maximum;
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') params.min = issue.minimum;
  // A check that names its limit ("at most 18 decimal places") carries it in the issue's params.
  if (issue.code === 'custom')
    for (const [name, value] of Object.entries(issue.params ?? {}))
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  if (isErrorKey(issue.message)) return { key: issue.message, field, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'FIELD_INVALID_TYPE', field, params };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'FIELD_TOO_LONG' : 'FIELD_INVALID', field, params };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'FIELD_TOO_SHORT' : 'FIELD_INVALID', field, params };
    default:
      return { key: 'FIELD_INVALID', field, params };
  }
}
