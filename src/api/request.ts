import type { AnswerCheck } from '../../domain/protocol/answer-check';
import {
  API_PREFIX,
  CODE_SESSION_INVALID,
  parseEnvelope,
  type ErrorParams,
} from '../../domain/protocol/envelope';
import { i18n } from '../i18n';
import { LOGIN_PATH, loginPathFor, navigate } from '../routes/navigation';
import { hideLoading } from '../services/loading';
import { takePrefetched, takePreloaded } from './preloaded';
import { noteServerDate } from './server-clock';
import { showToast } from '../services/toast';
import { prefs } from '../state/prefs';
import { clearUserInfo, session } from '../state/session';
import { isComeBackPath } from '../routes/shell-paths';

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
function protocolError(detail: string, cause: unknown): ApiError {
  return new ApiError('protocol', i18n.t('INTERNAL_ERROR', { ns: 'errors' }), {
    cause: new Error(detail, { cause }),
  });
}

function networkError(cause: unknown, timedOut: boolean): ApiError {
  hideLoading();
  return new ApiError('network', i18n.t('NETWORK_ERROR', { ns: 'errors' }), { timedOut, cause });
}

/**
 * How an answer's data is checked: a zod schema or a hand check, or a function loading one, which
 * runs while the call is on the network. Calls the first screen never makes pass a loader, so the
 * zod schemas they need stay out of the first load.
 */
export type AnswerSchema<T> = AnswerCheck<T> | (() => Promise<AnswerCheck<T>>);

/**
 * The one HTTP call of the client (SPEC §7, §8). Resolves with `data` checked against `schema`;
 * rejects with an ApiError: 'session' (-1000: the session is cleared and login opened),
 * 'business' (-1001: toasted unless silent), 'network' (failure or timeout) or 'protocol'.
 */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  payload: Payload | undefined,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const encoded = encodePayload(payload);
  const isGet = method === 'GET';
  const query = isGet && encoded !== '' ? `?${encoded}` : '';
  const init: RequestInit = { method, headers: apiHeaders(!isGet) };
  if (!isGet) init.body = encoded;
  return send(path, query, init, schema, options);
}

/**
 * A GET index.html's script or a press of a link already made (preloaded.ts), bounded by the same
 * timeout; else a fetch.
 */
function answerOf(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  const preloaded =
    init.method === 'GET' && init.body === undefined
      ? (takePreloaded(url, init.headers as Record<string, string>) ??
        takePrefetched(url, init.headers as Record<string, string>))
      : null;
  if (!preloaded) {
    // Sent now: the answer's Date header bounds the server's clock (server-clock.ts). A preloaded
    // answer was sent earlier, at a time not known here, so it says nothing reliable.
    const sentAt = Date.now();
    return fetch(url, { ...init, signal }).then((response) => {
      noteServerDate(response.headers.get('date'), sentAt);
      return response;
    });
  }
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    preloaded.then(resolve, reject);
  });
}

/**
 * -1000: the session is gone (expired, signed out on another device, the password reset). Clears
 * it and opens login, saying why and told to come back to the screen the user was on, as the
 * guard does for a guest: without either, a user in the middle of something found themselves on
 * the login screen with no reason given, and after signing in again on Home. A second -1000 of
 * the same moment (calls in flight together) finds login open already and leaves it be.
 */
function sessionEnded(sentWith: string): void {
  // About a session already left: signed in again (or out) since the call was sent. A slow call of
  // the ended session answering after the user had signed in anew signed that new session out.
  if (sentWith !== session.userToken) return;
  const wasSignedIn = sentWith !== '';
  clearUserInfo();
  if (location.pathname === LOGIN_PATH) return;
  if (wasSignedIn) showToast(i18n.t('SESSION_INVALID', { ns: 'errors' }));
  const here = location.pathname + location.search;
  navigate(isComeBackPath(here) ? loginPathFor(here) : LOGIN_PATH, { replace: true });
}

/**
 * Sends a prepared call and reads its answer with request()'s rules (timeout, envelope, -1000,
 * -1001, schema). Exported for bodies request() doesn't encode, such as multipart uploads.
 */
export async function send<T>(
  path: string,
  query: string,
  init: RequestInit,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const url = apiBase() + path + query;
  const checking = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  // Read below, after the answer: until then a failed load must not count as unhandled.
  checking.catch(() => undefined);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);

  let json: unknown;
  try {
    const response = await answerOf(url, init, controller.signal);
    const text = await response.text();
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw protocolError(`Not JSON (HTTP ${response.status})`, cause);
    }
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw networkError(cause, timedOut);
  } finally {
    clearTimeout(timer);
  }

  let envelope;
  try {
    envelope = parseEnvelope(json);
  } catch (cause) {
    throw protocolError('Not an answer envelope', cause);
  }

  if (envelope.code === CODE_SESSION_INVALID) {
    sessionEnded((init.headers as Record<string, string> | undefined)?.accesstoken ?? '');
    throw new ApiError('session', envelope.msg, envelope.key === undefined ? {} : { key: envelope.key });
  }
  if (envelope.code !== 0) {
    if (!options.silent && envelope.msg !== '') showToast(envelope.msg, ERROR_TOAST_MS);
    throw new ApiError('business', envelope.msg, {
      ...(envelope.key === undefined ? {} : { key: envelope.key }),
      ...(envelope.params ? { params: envelope.params } : {}),
    });
  }

  let check: AnswerCheck<T>;
  try {
    check = await checking;
  } catch (cause) {
    // The schema's chunk did not load: offline or a new deploy, as for a failed screen chunk.
    throw networkError(cause, false);
  }
  const data = check.safeParse(envelope.data);
  if (!data.success) throw protocolError(`Unexpected data from ${path}`, data.error);
  return data.data;
}

export function get<T>(
  path: string,
  payload: Payload | undefined,
  schema: AnswerSchema<T>,
  options?: RequestOptions,
): Promise<T> {
  return request('GET', path, payload, schema, options);
}

export function post<T>(
  path: string,
  payload: Payload | undefined,
  schema: AnswerSchema<T>,
  options?: RequestOptions,
): Promise<T> {
  return request('POST', path, payload, schema, options);
}
