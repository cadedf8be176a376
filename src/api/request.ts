import type { AnswerCheck } from '../../domain/protocol/answer-check';
import { API_PREFIX, type ErrorParams } from '../../domain/protocol/envelope';
import { i18n } from '../i18n/setup';
import { hideLoading } from '../services/loading';
import { prefs } from '../state/prefs';
import { session } from '../state/session';

/** SPEC §9: every request times out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** SPEC §8: a business error's message stays up for 1 s. */
export const ERROR_TOAST_MS = 1000;

export type ApiErrorKind = 'session' | 'business' | 'network' | 'protocol';

/** Why a call failed. `key` is the stable reason of a -1001 answer (DECISIONS §4). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly key: string | undefined;
  /** The server's localized text, or ours for network failures. */
  readonly msg: string;
  readonly timedOut: boolean;
  /** Figures the refusal carries for the screen to act on (a PIN's `triesLeft`, a lock's `until`). */
  readonly params: ErrorParams;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { key?: string; timedOut?: boolean; cause?: unknown; params?: ErrorParams } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.msg = message;
    this.key = options.key;
    this.timedOut = options.timedOut ?? false;
    this.params = options.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type PayloadValue = string | number | boolean | null | undefined;
export type Payload = Readonly<Record<string, PayloadValue>>;

export type RequestOptions = {
  /** Don't toast a business error: the caller shows it its own way, or it is background work. */
  silent?: boolean;
  timeoutMs?: number;
};

/** Same origin + /ipxtrg-api, unless VITE_API_BASE names another base (prefix included). */
export function apiBase(): string {
  const configured: unknown = import.meta.env.VITE_API_BASE;
  if (typeof configured === 'string' && configured !== '') return configured.replace(/\/+$/, '');
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return origin + API_PREFIX;
}

/** Form/query encoding; undefined and null fields are left out rather than sent as text. */
export function encodePayload(payload: Payload | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(payload ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  return params.toString();
}

/** The standard headers (SPEC §7); `withBody` adds the form type, which multipart uploads must not set. */
export function apiHeaders(withBody: boolean): Record<string, string> {
  const result: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': prefs.lang,
  };
  if (session.userToken !== '') result.accesstoken = session.userToken;
  // A string body with an explicit type: the form encoding must not depend on which realm's
  // URLSearchParams the fetch implementation recognises.
  if (withBody) result['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return result;
}

/** An answer we can't read (a proxy's error page, a drifted shape): users get our words, logs get the detail. */
export function protocolError(detail: string, cause: unknown): ApiError {
  return new ApiError('protocol', i18n.t('INTERNAL_ERROR', { ns: 'errors' }), {
    cause: new Error(detail, { cause }),
  });
}

export function networkError(cause: unknown, timedOut: boolean): ApiError {
  hideLoading();
  return new ApiError('network', i18n.t('NETWORK_ERROR', { ns: 'errors' }), { timedOut, cause });
}

/**
 * How an answer's data is checked: a zod schema or a hand check, or a function loading one, which
 * runs while the call is on the network. Calls the first screen never makes pass a loader, so the
 * zod schemas they need stay out of the first load.
 */
export type AnswerSchema<T> = AnswerCheck<T> | (() => Promise<AnswerCheck<T>>);
