import { z } from 'zod';

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
  data: Record<string, never>;
};
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

const envelopeSchema = z.object({
  code: z.union([z.literal(CODE_OK), z.literal(CODE_SESSION_INVALID), z.literal(CODE_ERROR)]),
  msg: z.string(),
  key: z.string().optional(),
  data: z.unknown(),
});

/** Checks an answer's shape where it enters; throws when it is not an envelope. */
export function parseEnvelope(json: unknown): Envelope<unknown> {
  const parsed = envelopeSchema.parse(json);
  if (parsed.code === CODE_OK) return { code: CODE_OK, msg: parsed.msg, data: parsed.data };
  const error: ErrorEnvelope = { code: parsed.code, msg: parsed.msg, data: {} };
  if (parsed.key !== undefined) error.key = parsed.key;
  return error;
}

/** A page of a list (DECISIONS §4): `page` counts from 1. */
export type Page<T> = { list: T[]; total: number; page: number; size: number };
