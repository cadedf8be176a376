import { FIRST_ROUTES } from './first-routes';
import { normalizedPath, type RouteEntry } from './route-entry';
import type * as TableModule from './table';

type Table = typeof TableModule;

/**
 * The app's way into the route table. The first routes are known at once; the whole table is a
 * chunk of its own (its ~100 loaders and their chunk lists were 5.9 KiB of the first load's
 * gzip), loaded when a path outside them is asked for, and by the idle preload. A deep link's
 * table is requested with the entry (vite-plugins/route-preload.ts), so it costs no round trip.
 */
let table: Table | null = null;
let loading: Promise<Table> | null = null;
const first = new Map<string, RouteEntry>(FIRST_ROUTES.map((route) => [route.path, route]));

/** Loads the whole table; a failed load can be tried again. */
export function loadRouteTable(): Promise<Table> {
  loading ??= import('./table').then(
    (module) => (table = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function routeTableLoaded(): boolean {
  return table !== null;
}

/** The route of `pathname` as far as it is known now: undefined may mean "not loaded yet". */
export function findRoute(pathname: string): RouteEntry | undefined {
  return table ? table.findRoute(pathname) : first.get(normalizedPath(pathname));
}

/** The route of `pathname`, loading the table when it is not one of the first routes. */
export async function routeFor(pathname: string): Promise<RouteEntry | undefined> {
  return findRoute(pathname) ?? (table ? undefined : (await loadRouteTable()).findRoute(pathname));
}

/** Loads the screen of `pathname` (if it has one) before the app's first render asks for it. */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = await routeFor(pathname).catch(() => undefined);
  if (route && 'screen' in route) await route.screen.preload();
}
