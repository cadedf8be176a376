import { FRESH_FOR_MS } from '../api/early';
import { afterPaint } from '../components/content/use-live-data';
import { session } from '../state/session';
import { prefetch } from './prefetch';
import { firstCallsOf } from './first-calls';

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
  const calls = firstCallsOf(path, search);
  if (calls.length === 0 || !allowed(path)) return;
  const signedIn = session.userToken !== '';
  for (const call of calls) if (signedIn || !call.signedIn) prefetch(call, Date.now(), freshFor);
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
