import { usePathname } from 'wouter/use-browser-location';
import { HOME_PATH, LOGIN_PATH } from './shell-paths';

export { HOME_PATH, LOGIN_PATH };
/** The login screen's query parameter naming where to return (read in screens/account). */
export const RETURN_PARAM = 'redirect';

/** The login screen, told to come back to `target` (a guarded screen a guest opened). */
export function loginPathFor(target: string): string {
  return `${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * How many in-app entries lie behind the current one. `history.length` counts pages of other
 * sites and entries ahead of us too, so we keep our own depth in each entry's history.state;
 * it survives reloads along with the entry. The entry the app was opened on has no state of ours
 * and is depth 0: nothing is written to it (a `replaceState` at start-up cost 0.5–20 ms of the
 * entry's first task in Chromium, to store the 0 that a missing state already means).
 */
type EntryState = { seansDepth: number };

function currentDepth(): number {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && 'seansDepth' in state) {
    const depth = (state as EntryState).seansDepth;
    if (Number.isInteger(depth) && depth >= 0) return depth;
  }
  return 0;
}

export type NavigateOptions = { replace?: boolean };

/** The only way the app changes location, so every entry carries its depth. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  if (options.replace) {
    history.replaceState({ seansDepth: currentDepth() } satisfies EntryState, '', to);
  } else {
    history.pushState({ seansDepth: currentDepth() + 1 } satisfies EntryState, '', to);
  }
}

export function canGoBack(): boolean {
  return currentDepth() > 0;
}

/** Back within the app, or home when the app was opened on this page (SPEC §2). */
export function goBack(): void {
  goBackOr(HOME_PATH);
}

/**
 * Back within the app, or to `parent` when the app was opened on this page: a form done with its
 * task names the screen it belongs to, so saving a password opened from a link lands where its
 * new state shows, not on Home. (Not goBack's parameter: goBack is passed as a click handler.)
 */
export function goBackOr(parent: string): void {
  if (canGoBack()) history.back();
  else navigate(parent, { replace: true });
}

/** wouter location hook: the browser's pathname, with our depth-tracking navigate. */
export function useAppLocation(): [string, typeof navigate] {
  return [usePathname(), navigate];
}
