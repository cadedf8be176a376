import { FRESH_FOR_MS } from './early';
import { PRELOADED_GLOBAL } from '../routes/preloaded-routes';

/** The call route-preload's script made (src/routes/preloaded-routes.ts says why), as it left it. */
type Preloaded = {
  url: string;
  headers: Record<string, string>;
  at: number;
  answer: Promise<Response>;
};

export function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function isPreloaded(value: unknown): value is Preloaded {
  if (typeof value !== 'object' || value === null) return false;
  const { url, headers, at, answer } = value as Record<string, unknown>;
  return (
    typeof url === 'string' &&
    typeof at === 'number' &&
    typeof headers === 'object' &&
    headers !== null &&
    answer instanceof Promise
  );
}

/**
 * The script's answer to exactly this GET (URL and headers: a language or a session changed since
 * would change the answer), taken once and only while fresh; null otherwise.
 */
export function takePreloaded(url: string, headers: Record<string, string>): Promise<Response> | null {
  const holder = globalThis as Record<string, unknown>;
  const preloaded = holder[PRELOADED_GLOBAL];
  if (!isPreloaded(preloaded) || preloaded.url !== url) return null;
  delete holder[PRELOADED_GLOBAL];
  if (Date.now() - preloaded.at > FRESH_FOR_MS || !sameHeaders(preloaded.headers, headers)) return null;
  return preloaded.answer;
}

/**
 * GETs a screen makes first, started before it mounted (prefetch.ts): a URL's entry, taken once
 * by the screen's own call. A global, as the preloaded answer: the code that fills it loads with
 * the idle preload, and the first load only reads it.
 */
export const PREFETCHED_GLOBAL = '__seansPrefetched';
export type Prefetched = { headers: Record<string, string>; at: number; answer: Promise<Response> };

/** The prefetched answer to exactly this GET, taken once and only while fresh; null otherwise. */
export function takePrefetched(
  url: string,
  headers: Record<string, string>,
  now = Date.now(),
): Promise<Response> | null {
  const map = (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
  const entry = map instanceof Map ? (map.get(url) as Prefetched | undefined) : undefined;
  if (!entry) return null;
  (map as Map<string, Prefetched>).delete(url);
  if (now - entry.at > FRESH_FOR_MS || !sameHeaders(entry.headers, headers)) return null;
  return entry.answer;
}
