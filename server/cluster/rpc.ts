import { ApiError } from '../http/errors';
import type { ErrorKey } from '../../domain/protocol/error-keys';

/**
 * A call that crossed the bus and its answer. A refusal (ApiError) comes back as itself, so a
 * route on any node answers with the same key and parameters as on the owner; anything else is
 * a failure the caller's error handler treats as it would a local one.
 */
export type Answer =
  | { ok: unknown }
  | { refused: { key: string; params: Record<string, string | number>; code: number } }
  | { failed: string };

/** `failed` is told a failure with its stack, which the answer does not carry to the caller. */
export async function answerOf(
  run: () => Promise<unknown>,
  failed?: (error: unknown) => void,
): Promise<Answer> {
  try {
    return { ok: await run() };
  } catch (error) {
    if (error instanceof ApiError)
      return { refused: { key: error.key, params: error.params, code: error.code } };
    failed?.(error);
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

export function unwrap(answer: unknown): unknown {
  const a = answer as Answer;
  if ('ok' in a) return a.ok;
  if ('refused' in a)
    throw new ApiError(a.refused.key as ErrorKey, a.refused.params, a.refused.code as ApiError['code']);
  throw new Error(`remote call failed: ${a.failed}`);
}
