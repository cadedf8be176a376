import type { z } from 'zod';
import type { AnswerCheck } from '../../domain/protocol/answer-check';
import type { AnyEndpoint } from '../../domain/protocol/endpoint';
import type { FirstLoadEndpoint } from '../../domain/protocol/first-load-endpoints';
import { CODE_SESSION_INVALID, parseEnvelope } from '../../domain/protocol/envelope';
import { hasLocale, i18n, loadLocale } from '../i18n/setup';
import { LOGIN_PATH, loginPathFor, navigate } from '../paths/navigation';
import { isComeBackPath } from '../paths/shell-paths';
import { saySessionEnded } from '../services/session-ended';
import { showToast } from '../services/toast';
import { prefs } from '../state/prefs';
import { clearUserInfo, session } from '../state/session';
import type { Route } from '../../domain/protocol/endpoints/first-load';
import { holdEarly, sendNow, takeEarly, type EarlyRequest } from './early';
import {
  ApiError,
  apiBase,
  apiHeaders,
  encodePayload,
  ERROR_TOAST_MS,
  networkError,
  protocolError,
  REQUEST_TIMEOUT_MS,
  type AnswerSchema,
  type Payload,
  type PayloadValue,
  type RequestOptions,
} from './request';

/**
 * A declared field as a caller gives it: a text field takes a number too (the wire is text), a
 * file field any Blob (named from the field and its type on the way out).
 */
type WireValue<T> = T extends string ? (string extends T ? string | number : T) : T extends File ? Blob : T;

/**
 * The input of a declared endpoint, from its schema (what the server parses); one shape per
 * alternative of a union. Named fields only: a schema refusing any other name has an index
 * signature of never.
 */
type Fields<T> = T extends unknown
  ? { [K in keyof T as string extends K ? never : K]: WireValue<T[K]> }
  : never;
/** A declaration, or its first-load form (domain/protocol/first-load-endpoints.ts). */
type Callable = AnyEndpoint | FirstLoadEndpoint<AnyEndpoint, unknown>;
type Declared<E extends Callable> = E extends FirstLoadEndpoint<infer D, unknown> ? D : E;
export type CallInput<E extends Callable> = Fields<z.input<Declared<E>['input']>>;
/** The answer's data of a declared endpoint, as its schema (or its hand check) reads it. */
export type CallOutput<E extends Callable> =
  E extends FirstLoadEndpoint<AnyEndpoint, infer T> ? T : z.output<Declared<E>['output']>;

type CallArgs<E extends Callable> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions];

/**
 * Calls a declared endpoint (domain/protocol/endpoints): the app's one way to the API. Its method
 * and path, the input encoded as a query (GET) or a form (POST; multipart/form-data when it
 * carries files), the answer checked against its output schema, with send()'s rules for the rest.
 */
export function call<E extends Callable>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<CallOutput<E>> {
  const check = endpoint.output as AnswerSchema<CallOutput<E>>;
  const fields: Record<string, unknown> = input ?? {};
  if (endpoint.method === 'POST' && Object.values(fields).some(isBlob)) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (isBlob(value)) form.append(name, value, fileName(name, value));
      else if (value !== undefined && value !== null) form.append(name, String(value as PayloadValue));
    }
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    const init = { method: 'POST', headers: apiHeaders(false), body: form };
    return send(endpoint.path, apiBase() + endpoint.path, init, check, options);
  }
  const { url, method, body, headers } = requestFor(endpoint, fields as Payload);
  const init = method === 'POST' ? { method, headers, body } : { method, headers };
  return send(endpoint.path, url, init, check, options);
}

/** The request call() makes for a declared endpoint and fields without files. */
export function requestFor(route: Route, fields?: Payload): EarlyRequest {
  const encoded = encodePayload(fields);
  if (route.method === 'POST')
    return { url: apiBase() + route.path, method: 'POST', body: encoded, headers: apiHeaders(true) };
  const url = apiBase() + route.path + (encoded === '' ? '' : `?${encoded}`);
  return { url, method: 'GET', body: '', headers: apiHeaders(false) };
}

/**
 * Asks now for what `call(endpoint, input)` will ask, for a screen about to mount (early.ts says
 * why): its call then takes this answer instead of asking. Only reads (a GET, a POST without fields).
 */
export function askEarly<E extends Callable>(endpoint: E, ...[input]: CallArgs<E>): void {
  holdEarly(requestFor(endpoint, (input ?? {}) as Payload));
}

/** By its shape: a Blob from another realm (a test's, a frame's) is a file all the same. */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).type === 'string'
  );
}

/** The field and the image type (`front.png`): the broker reads what a file is from its bytes. */
function fileName(field: string, blob: Blob): string {
  const ext = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';
  return `${field}.${ext}`;
}

/**
 * The answer asked for early to this same request (early.ts: by index.html's script, a press, a
 * navigation or askEarly), bounded by the same timeout; else a fetch.
 */
function answerOf(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  const { method, body = '', headers } = init;
  const early =
    typeof body === 'string' && (method === 'GET' || method === 'POST')
      ? takeEarly({ url, method, body, headers: headers as Record<string, string> })
      : null;
  if (!early) return sendNow(url, { ...init, signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    early.then(resolve, reject);
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
  if (wasSignedIn) tellSessionEnded();
  const here = location.pathname + location.search;
  navigate(isComeBackPath(here) ? loginPathFor(here) : LOGIN_PATH, { replace: true });
}

/** Why the user is on login, in their language: an English reader's texts may still be on their way at boot. */
function tellSessionEnded(): void {
  const say = () => saySessionEnded(i18n.t('SESSION_INVALID', { ns: 'errors' }));
  if (hasLocale(prefs.lang)) say();
  else void loadLocale(prefs.lang).then(say, say);
}

/**
 * The one HTTP call of the client (SPEC §7, §8): sends a prepared call and resolves with the
 * answer's `data` checked against `schema`; rejects with an ApiError: 'session' (-1000: the
 * session is cleared and login opened), 'business' (-1001: toasted unless silent), 'network'
 * (failure or timeout) or 'protocol'.
 */
async function send<T>(
  path: string,
  url: string,
  init: RequestInit,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
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
