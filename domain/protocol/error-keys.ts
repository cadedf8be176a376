/**
 * Stable reasons carried in an error envelope's `key`. Each has a message in
 * locales/<lang>/errors.json, which the server localizes and the client can show by key.
 */
export const ERROR_KEYS = [
  'SESSION_INVALID',
  'FIELD_REQUIRED',
  'FIELD_INVALID_TYPE',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'FIELD_INVALID_CHARS',
  'FIELD_INVALID',
  'NUMBER_FORMAT',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'MALFORMED_REQUEST',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'NETWORK_ERROR',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

export function isErrorKey(value: string): value is ErrorKey {
  return (ERROR_KEYS as readonly string[]).includes(value);
}
