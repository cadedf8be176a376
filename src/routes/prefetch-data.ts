import { coinAssetsRoute, coinInfosRoute } from '../../domain/protocol/endpoints/first-load';
import type { PrivateChannel } from '../../domain/protocol/ws';
import { FRESH_FOR_MS } from '../api/early';
import { afterPaint } from '../components/content/use-live-data';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { TRADE_PATH } from '../paths/shell-paths';
import { onPrivateEvent, onPrivateResync } from '../market/private-events';
import { session } from '../state/session';
import { openingTicket } from '../state/trade-ticket';
import { KEPT_FOR_TAP_MS } from './kept-for-tap';
import { prefetch, type FirstCall } from './prefetch';
import { FIRST_CALLS, firstCallsOf } from './first-calls';

/**
 * Starts the first GETs of the screen at `path` opened with `search` (first-calls.ts), when
 * `allowed` says the user may open it (a guest's account screen sends them to login, whose calls
 * these are not). Loaded with the idle preload's queue, off the first load.
 */
export function prefetchData(
  path: string,
  search: string,
  allowed: (path: string) => boolean,
  freshFor = FRESH_FOR_MS,
): void {
  ask(firstCallsOf(path, search), path, allowed, freshFor);
}

function ask(
  calls: readonly FirstCall[],
  path: string,
  allowed: (path: string) => boolean,
  freshFor: number,
): void {
  if (calls.length === 0 || !allowed(path)) return;
  const signedIn = session.userToken !== '';
  for (const call of calls) if (signedIn || !call.signedIn) prefetch(call, Date.now(), freshFor);
}

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
 * The spot ticket's first reads, the pairs and the coin wallet: the Trade tab shows nothing without
 * them (src/screens/contract/spot-first-calls.ts). Not in first-calls.ts, whose calls a navigation
 * asks: the tab's route loader asks these itself as it loads, and on which ticket the tab opens is
 * the stored choice, not the URL. An account screen's reads (a guest's Trade tab is login).
 */
const SPOT_TICKET: readonly FirstCall[] = [
  { endpoint: coinInfosRoute, signedIn: true },
  { endpoint: coinAssetsRoute, signedIn: true },
];

/** The tab bar's screens with first reads. */
const TABS = [...Object.keys(FIRST_CALLS).filter((path) => path.startsWith('/pages/tabbar/')), TRADE_PATH];

/**
 * A tab's first reads as a tap on the tab bar opens it (no query): the Trade tab's, those of the
 * ticket it opens on when that is spot (the stock and contract tickets' are not kept).
 */
const tabReads = (path: string): readonly FirstCall[] =>
  path !== TRADE_PATH ? firstCallsOf(path) : openingTicket('') === 'coin' ? SPOT_TICKET : [];

/**
 * Asks for the first reads of the tabs (but the one open) and keeps their answers for a tap
 * (KEPT_FOR_TAP_MS, kept-for-tap.ts), so that the tap renders them in its own task instead of a
 * round trip after the screen's code has run. Signed in, any private event (an order filled, a
 * balance or a position changed, a message) or a resync drops them: a balance kept from before a
 * trade would be shown as the balance after it.
 */
export function keepTabsWarm(allowed: (path: string) => boolean): void {
  if (session.userToken !== '' && !watching) {
    watching = true;
    for (const channel of Object.keys(CHANNELS) as PrivateChannel[]) {
      onPrivateEvent(channel, dropHeld);
      onPrivateResync(channel, dropHeld);
    }
  }
  for (const path of TABS)
    if (path !== location.pathname) ask(tabReads(path), path, allowed, KEPT_FOR_TAP_MS);
}

let stop: (() => void) | null = null;

/**
 * From now on starts the first GETs of every screen the app goes to, as it goes: a drawer row or
 * a button navigates with no link to press, and a tap gives a link no pointerover or pointerdown
 * when it comes from assistive technology or a script. Started in the navigation's own task,
 * before React renders the screen, whose calls wait for its code and then for a painted frame
 * (use-live-data.ts). wouter's location hook makes pushState and replaceState dispatch events
 * of those names (wouter/use-browser-location); popstate is the back button. A change of query
 * alone keeps the screen mounted, asking nothing anew, so only a new path counts. Returns how
 * to stop. `loaded`: whether a path's screen has its code here already.
 */
export function followNavigation(
  allowed: (path: string) => boolean,
  loaded: (path: string) => boolean = () => false,
): () => void {
  if (stop) return stop;
  let last = location.pathname;
  const moved = () => {
    if (location.pathname === last) return;
    last = location.pathname;
    const [path, search] = [last, location.search];
    // A screen whose code is here renders in this task and asks for its reads once that frame has
    // painted (use-live-data.ts): asked now, their fetch calls (~50 ms of a tap to Home on the
    // reference phone) held its render back for nothing. Asked after that paint, before the
    // screen's own, they are still the ones the screen takes.
    if (loaded(path)) afterPaint(() => prefetchData(path, search, allowed));
    else prefetchData(path, search, allowed);
  };
  const types = ['pushState', 'replaceState', 'popstate'];
  for (const type of types) addEventListener(type, moved);
  const stopping = () => {
    for (const type of types) removeEventListener(type, moved);
    stop = null;
  };
  stop = stopping;
  return stopping;
}
