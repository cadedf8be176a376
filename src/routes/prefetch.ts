import type { Route } from '../../domain/protocol/endpoints/first-load';
import { requestFor } from '../api/call';
import { holdEarly } from '../api/early';
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
 * or more sooner on a phone. A failed answer is dropped, so the screen asks itself; a refusal in the
 * envelope is taken like any answer, and the screen's call reports it.
 */
export function prefetch(call: FirstCall, now = Date.now()): void {
  holdEarly(requestFor(call.endpoint, call.query), now);
}
