import { subscribe } from 'valtio';
import { prefs } from '../state/prefs';
import { session } from '../state/session';
import { ui } from '../state/ui';
import { screenLoadsSettled } from '../components/chunks/lazy-with-retry';
import { IDLE_MAP_META } from './idle-map';
import type { QueueHost } from './preload-queue';
import { findRoute, loadRouteTable } from './routes';

/**
 * Fetches the code of the screens people open next while they read the first one, so a tap finds
 * it in the browser's cache (preload-queue.ts, idle-routes.ts). Never at the first screen's cost:
 * the queue's own code is loaded, and starts, once the page has loaded and no resource has arrived
 * for QUIET_MS. Intent starts it sooner: a pointer over or down on an in-app link, or the drawer
 * opening.
 */
/**
 * The quiet after which the reader is taken to be reading. Longer than the first load's size
 * budget counts (1.5 s, scripts/bundle-budget.mjs) and than Lighthouse's trace runs past the
 * page's last activity (1 s of network and CPU quiet): started at 1.5 s, the queue's route table
 * and ~45 module preloads fell inside that trace and counted as start-up work.
 */
const QUIET_MS = 3_000;
const HOST: QueueHost = {
  wants: (path) => {
    const route = findRoute(path);
    return (
      !!route && 'screen' in route && !route.screen.isLoaded() && (route.public || session.userToken !== '')
    );
  },
  settled: screenLoadsSettled,
  map: () => (mapAnswer ??= fetchMap()),
  lang: () => prefs.lang,
};
let mapAnswer: Promise<unknown> | null = null;

/** Whether the user may open `path`: a guest's account screen sends them to login instead. */
function mayOpen(path: string): boolean {
  const route = findRoute(path);
  return !!route && 'screen' in route && (route.public || session.userToken !== '');
}

/** Whether the screen at `path` has its code here: it renders at once when opened. */
function isLoaded(path: string): boolean {
  const route = findRoute(path);
  return !!route && 'screen' in route && route.screen.isLoaded();
}

function fetchMap(): Promise<unknown> {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${IDLE_MAP_META}"]`);
  if (!meta) return Promise.resolve(null);
  return (
    fetch(meta.content)
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      // Also for Vite's preloader, which links each chunk's texts with it (vite-plugins/tap-texts.ts).
      .then((map) => ((window as unknown as Record<string, unknown>)[IDLE_MAP_META] = map))
      .catch(() => null)
  );
}
// A screen's first answers: on intent, and on every navigation once loaded (with the queue).
const data = () =>
  import('./idle-steps')
    .then((steps) => steps.prefetchDataInSteps(loadRouteTable))
    .then((d) => {
      d.followNavigation(mayOpen, isLoaded);
      return d;
    });
// The queue asks which screens are wanted of the whole route table: it starts once that has
// loaded, while the answers' part (zod and the schemas) is still being evaluated, a task a step.
const queue = () =>
  Promise.all([import('./preload-queue'), loadRouteTable().catch(() => undefined)]).then(([q]) => {
    q.setHost(HOST);
    void data().catch(() => undefined);
    return q;
  });

/**
 * Calls `go` once no resource has arrived for QUIET_MS; never when an answer failed (a broker
 * down or refusing): the screen's retries, and the market worker's, which this page does not
 * see, go on, and speculative code would only compete with them. Intent still preloads then.
 */
function afterQuiet(go: () => void): void {
  let last = performance.now();
  let troubled = false;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      last = Math.max(last, performance.now());
      if (entry.responseStatus >= 400) troubled = true;
    }
  });
  observer.observe({ type: 'resource', buffered: true });
  const check = () => {
    if (troubled) {
      observer.disconnect();
      return;
    }
    const quiet = performance.now() - last;
    if (quiet < QUIET_MS) {
      setTimeout(check, QUIET_MS - quiet);
      return;
    }
    observer.disconnect();
    go();
  };
  setTimeout(check, QUIET_MS);
}

export function startIdlePreload(target: Document = document): void {
  // The map is asked for at load: a small JSON, none of the first load's script bytes, and the
  // idle moment then goes to the code rather than to a round trip for the map.
  const begin = () => {
    void HOST.map();
    afterQuiet(
      () =>
        void queue().then((q) => {
          q.startQueue();
          // The tabs' first answers, kept for a tap (prefetch-data.ts): asked once the reads'
          // code has been evaluated, a task a step, while the queue fetches the tabs' code.
          void data().then(
            (d) => d.keepTabsWarm(mayOpen),
            () => undefined,
          );
        }),
    );
  };
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });

  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin) return;
    const path = anchor.pathname;
    void queue().then((q) => q.preloadNow(path));
    // The screen's first answers too: without them its first visit waits a round trip or more
    // after its code has arrived.
    void data().then(
      (d) => d.prefetchData(path, anchor.search, mayOpen),
      () => undefined,
    );
  };
  for (const type of ['pointerover', 'pointerdown', 'focusin'] as const)
    target.addEventListener(type, onIntent, { capture: true, passive: true });

  let drawerWasOpen = ui.drawerOpen;
  subscribe(ui, () => {
    if (ui.drawerOpen && !drawerWasOpen) void queue().then((q) => q.drawerOpened());
    drawerWasOpen = ui.drawerOpen;
  });
}
