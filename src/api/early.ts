import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { noteServerDate } from './server-clock';

/**
 * Answers asked for before the screen that reads them has rendered: by index.html's route-preload
 * script (src/paths/preloaded-routes.ts), by a press or a navigation (src/routes/prefetch.ts), or
 * by a route's chunk as it loads (askEarly in call.ts), so the request no longer waits for React
 * to render and commit the screen around it (on a phone the list or the price it brings is the
 * screen's largest paint). One cache for all of them: the screen's own `call()` takes the answer
 * when it makes the same request (method, URL, body and headers), once and only while fresh;
 * otherwise it asks anew. A leaf, without the app's modules: tests read FRESH_FOR_MS from
 * outside the page. The session's token is among the headers, so a sign-out or an account
 * switch (each account has its own token) leaves nothing to take.
 */

/** Older than this, an answer asked early is not taken: the screen asks anew. */
export const FRESH_FOR_MS = 5_000;

/** A request as call() sends it: what an early answer must match to be taken. */
export type EarlyRequest = {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  /** The encoded form ('' for a GET). */
  readonly body: string;
  readonly headers: Record<string, string>;
};

/**
 * An answer held for its URL. `method` and `body` are left out by the script for a GET (its
 * bytes are in every page), so a missing method is a GET and a missing body is empty.
 */
type Held = {
  method?: string;
  body?: string;
  headers: Record<string, string>;
  at: number;
  answer: Promise<Response>;
};

/** A global: the script that fills it first runs before any module. */
function held(): Map<string, Held> {
  const holder = globalThis as Record<string, unknown>;
  const found = holder[PREFETCHED_GLOBAL];
  if (found instanceof Map) return found as Map<string, Held>;
  const made = new Map<string, Held>();
  holder[PREFETCHED_GLOBAL] = made;
  return made;
}

export function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function matches(entry: Held, request: EarlyRequest): boolean {
  return (
    (entry.method ?? 'GET') === request.method &&
    (entry.body ?? '') === request.body &&
    sameHeaders(entry.headers, request.headers)
  );
}

/**
 * Only a read is asked early or taken: a GET, or a POST without fields (the server's reads that
 * are POSTs take none). A POST with fields may change something, so it always leaves when called.
 */
const isRead = (request: EarlyRequest) => request.method === 'GET' || request.body === '';

/**
 * Sends now; the answer's Date header bounds the server's clock (server-clock.ts). An answer the
 * script asked for was sent at a time not known here, so it says nothing reliable and is not noted.
 */
export function sendNow(url: string, init: RequestInit): Promise<Response> {
  const sentAt = Date.now();
  return fetch(url, init).then((response) => {
    noteServerDate(response.headers.get('date'), sentAt);
    return response;
  });
}

/**
 * Starts `request` for the screen about to make it, unless a fresh same one is already held. A
 * failed answer (no connection, an HTTP error status) is dropped as it arrives, so the screen asks
 * itself and shows that failure once, from its own call. An envelope's refusal is an answer like
 * any other: the screen's call reads the body once and reports it, as it would its own.
 */
export function holdEarly(request: EarlyRequest, now = Date.now()): void {
  if (!isRead(request)) return;
  const map = held();
  const before = map.get(request.url);
  if (before && now - before.at <= FRESH_FOR_MS && matches(before, request)) return;
  const { url, method, body, headers } = request;
  const init = method === 'GET' ? { headers } : { method, headers, body };
  const entry: Held = { method, body, headers, at: now, answer: sendNow(url, init) };
  map.set(url, entry);
  const drop = () => {
    if (map.get(url) === entry) map.delete(url);
  };
  entry.answer.then((response) => {
    if (!response.ok) drop();
  }, drop);
}

/** The answer held for exactly this request, taken once and only while fresh; null otherwise. */
export function takeEarly(request: EarlyRequest, now = Date.now()): Promise<Response> | null {
  if (!isRead(request)) return null;
  const map = held();
  const entry = map.get(request.url);
  if (!entry) return null;
  map.delete(request.url);
  if (now - entry.at > FRESH_FOR_MS || !matches(entry, request)) return null;
  return entry.answer;
}

/** The query of the page being opened, if it is `path`: what a route chunk asks early for. */
export function openingQuery(path: string): URLSearchParams | null {
  if (typeof location === 'undefined' || location.pathname !== path) return null;
  return new URLSearchParams(location.search);
}
