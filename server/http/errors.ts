import { CODE_ERROR, CODE_SESSION_INVALID } from '../../domain/protocol/envelope';
import type { ErrorKey } from '../../domain/protocol/error-keys';

/**
 * An answer the caller can act on: thrown anywhere in a handler, it becomes an error envelope
 * (HTTP 200, DECISIONS §4) with its key and the message localized for the caller.
 */
export class ApiError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly code: typeof CODE_ERROR | typeof CODE_SESSION_INVALID = CODE_ERROR,
  ) {
    super(key);
    this.name = 'ApiError';
  }

  /** Whether `params` travel in the envelope too (`params`), see `withParams`. */
  paramsShown = false;

  /**
   * Puts the params in the envelope beside the text, for a client that acts on them (the tries
   * left before a PIN locks, when it unlocks). Opt-in: most params only fill the text.
   */
  withParams(): this {
    this.paramsShown = true;
    return this;
  }
}

export function sessionInvalid(): ApiError {
  return new ApiError('SESSION_INVALID', {}, CODE_SESSION_INVALID);
}
