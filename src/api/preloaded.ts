import { FRESH_FOR_MS } from './early';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';

export function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * GETs a screen makes first, started before it mounted: by index.html's route-preload script
 * (src/paths/preloaded-routes.ts) or by a press or a navigation (src/routes/prefetch.ts). A URL's
 * entry, taken once by the screen's own call. A global: the script that fills it first runs before
 * any module, and the code that fills it later loads with the idle preload.
 */
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
