import type { Route } from '../../domain/protocol/endpoints/first-load';
import { requestFor } from '../api/call';
import { FRESH_FOR_MS, holdEarly } from '../api/early';
import type { Payload } from '../api/request';

/**
 * A read a screen makes first (a GET, or a POST without fields): its declaration (or the
 * declaration's route record) and its query;
 * `signedIn`: only with a session (a guest's screen does not ask).
 */
export type FirstCall = { readonly endpoint: Route; readonly query?: Payload; readonly signedIn?: true };

/**
 * Starts `call` as call() would send it (same URL, same headers), unless a fresh one is already
 * waiting: the screen's own call then takes it (src/api/early.ts) instead of asking, a round trip
 * or more sooner on a phone. A failed answer is dropped, so the screen asks itself; a refusal in
 * the envelope is taken like any answer, and the screen's call reports it. `freshFor`: how long it
 * may be taken; longer than early.ts's FRESH_FOR_MS, it is held as if asked that much later (the
 * early cache is on the first load, where each byte counts, and knows one freshness only).
 */
export function prefetch(call: FirstCall, now = Date.now(), freshFor = FRESH_FOR_MS): void {
  holdEarly(requestFor(call.endpoint, call.query), now + Math.max(0, freshFor - FRESH_FOR_MS));
}
