/** Every API path lives under this prefix (SPEC §7). */
export const API_PREFIX = '/ipxtrg-api';

/** SPEC §8 / DECISIONS §4 answer codes. */
export const CODE_OK = 0;
/** The session is missing, expired or revoked: the client clears it and goes to login. */
export const CODE_SESSION_INVALID = -1000;
/** Anything the user can fix or should be told: the client toasts `msg` for 1 s. */
export const CODE_ERROR = -1001;

export type AnswerCode = typeof CODE_OK | typeof CODE_SESSION_INVALID | typeof CODE_ERROR;

export type OkEnvelope<T> = { code: typeof CODE_OK; msg: string; data: T };
export type ErrorEnvelope = {
  code: typeof CODE_SESSION_INVALID | typeof CODE_ERROR;
  msg: string;
  /** Stable machine-readable reason, so clients never parse `msg`. */
  key?: string;
  /** Figures a client acts on, for the few refusals that carry them (`triesLeft`, `until`). */
  params?: ErrorParams;
  data: Record<string, never>;
};
export type ErrorParams = Readonly<Record<string, string | number>>;

/** Params as sent: an object of strings and numbers; anything else is left out. */
function paramsOf(value: unknown): ErrorParams | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(value))
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
  return out;
}
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

const CODES: readonly unknown[] = [CODE_OK, CODE_SESSION_INVALID, CODE_ERROR];

/**
 * Checks an answer's shape where it enters; throws when it is not an envelope. By hand rather than
 * with zod: every answer passes here, on the main thread and in the worker, and zod would be the
 * largest part of the worker's first load.
 */
export function parseEnvelope(json: unknown): Envelope<unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError('answer is not an envelope object');
  }
  const { code, msg, key, params, data } = json as Record<string, unknown>;
  if (!CODES.includes(code)) throw new TypeError(`envelope code ${String(code)} is not an answer code`);
  if (typeof msg !== 'string') throw new TypeError('envelope msg is not a string');
  if (key !== undefined && typeof key !== 'string') throw new TypeError('envelope key is not a string');
  if (code === CODE_OK) return { code: CODE_OK, msg, data };
  const error: ErrorEnvelope = { code: code as ErrorEnvelope['code'], msg, data: {} };
  if (key !== undefined) error.key = key;
  const shown = paramsOf(params);
  if (shown) error.params = shown;
  return error;
}

/** A page of a list (DECISIONS §4): `page` counts from 1. */
export type Page<T> = { list: T[]; total: number; page: number; size: number };
