import type { Route } from '../../domain/protocol/endpoints/first-load';
import { FRESH_FOR_MS } from '../api/early';
import { sameHeaders, type Prefetched } from '../api/preloaded';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { apiBase, apiHeaders, encodePayload, type Payload } from '../api/request';

/**
 * A GET a screen makes first: its declaration (or the declaration's route record) and its query;
 * `signedIn`: only with a session (a guest's screen does not ask).
 */
export type FirstCall = { readonly endpoint: Route; readonly query?: Payload; readonly signedIn?: true };

function entries(): Map<string, Prefetched> {
  const holder = globalThis as Record<string, unknown>;
  const found = holder[PREFETCHED_GLOBAL];
  if (found instanceof Map) return found as Map<string, Prefetched>;
  const made = new Map<string, Prefetched>();
  holder[PREFETCHED_GLOBAL] = made;
  return made;
}

/**
 * Starts `call` as request.ts would send it (same URL, same headers), unless a fresh one is already
 * waiting: the screen's own call then takes it (takePrefetched) instead of asking, a round trip or
 * more sooner on a phone. A failed or refused answer is dropped, so the screen asks itself.
 */
export function prefetch(call: FirstCall, now = Date.now()): void {
  const encoded = encodePayload(call.query);
  const url = apiBase() + call.endpoint.path + (encoded === '' ? '' : `?${encoded}`);
  const headers = apiHeaders(false);
  const map = entries();
  const held = map.get(url);
  if (held && now - held.at <= FRESH_FOR_MS && sameHeaders(held.headers, headers)) return;
  const entry: Prefetched = { headers, at: now, answer: fetch(url, { headers }) };
  map.set(url, entry);
  const drop = () => {
    if (map.get(url) === entry) map.delete(url);
  };
  entry.answer.then((response) => {
    if (!response.ok) return drop();
    // A refusal in the envelope (code ≠ 0) is an error too: the screen asks again itself.
    response
      .clone()
      .json()
      .then((json: unknown) => {
        if (typeof json !== 'object' || json === null || (json as { code?: unknown }).code !== 0) drop();
      }, drop);
  }, drop);
}
