import type { PrivateChannel } from '../../domain/protocol/ws';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { TRADE_PATH } from '../paths/shell-paths';
import { onPrivateEvent, onPrivateResync } from '../market/private-events';
import { session } from '../state/session';
import { openingTicket } from '../state/trade-ticket';
import { KEPT_FOR_TAP_MS } from './kept-for-tap';
import { prefetch, type FirstCall } from './prefetch';
import { SPOT_TICKET, TAB_CALLS } from './tab-calls';

/**
 * The tabs' first answers, asked on the idle app and kept for a tap. Its own chunk, without zod or
 * any declaration's schema (tab-calls.ts): the idle app asks them as soon as the route table is
 * in, before the tabs' code and the declarations (idle-steps.ts), so both are here at a tap a
 * second or two after the page went quiet.
 */
let watching = false;
/**
 * Every private channel, each a key so that the type checker asks for a new one here: ws.ts's
 * PRIVATE_CHANNELS, imported, kept that list in the first load's chunk, which used none of it.
 */
const CHANNELS: Record<PrivateChannel, true> = {
  messages: true,
  orders: true,
  balances: true,
  positions: true,
  records: true,
  alerts: true,
};

/**
 * Drops every answer held early (src/api/early.ts's map, a global): the account changed. Here, not
 * there: that module is on the first load, where each byte counts.
 */
export function dropHeld(): void {
  const held = (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
  if (held instanceof Map) held.clear();
}

/**
 * A tab's first reads as a tap on the tab bar opens it (no query): the Trade tab's, those of the
 * ticket it opens on when that is spot (the stock and contract tickets' are not kept).
 */
function tabReads(path: string): readonly FirstCall[] {
  if (path === TRADE_PATH) return openingTicket('') === 'coin' ? SPOT_TICKET : [];
  const calls = TAB_CALLS[path as keyof typeof TAB_CALLS];
  return typeof calls === 'function' ? calls(new URLSearchParams()) : calls;
}

/** The tab bar's screens with first reads. */
const TABS = [...Object.keys(TAB_CALLS), TRADE_PATH];

/**
 * Asks for the first reads of the tabs (but the one open) and keeps their answers for a tap
 * (KEPT_FOR_TAP_MS, kept-for-tap.ts), so that the tap renders them in its own task instead of a
 * round trip after the screen's code has run. Signed in, any private event (an order filled, a
 * balance or a position changed, a message) or a resync drops them: a balance kept from before a
 * trade would be shown as the balance after it. A guest asks no account reads.
 */
export function keepTabsWarm(allowed: (path: string) => boolean): void {
  const signedIn = session.userToken !== '';
  if (signedIn && !watching) {
    watching = true;
    for (const channel of Object.keys(CHANNELS) as PrivateChannel[]) {
      onPrivateEvent(channel, dropHeld);
      onPrivateResync(channel, dropHeld);
    }
  }
  for (const path of TABS) {
    if (path === location.pathname || !allowed(path)) continue;
    for (const call of tabReads(path))
      if (signedIn || !call.signedIn) prefetch(call, Date.now(), KEPT_FOR_TAP_MS);
  }
}
