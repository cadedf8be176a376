import { lazyWithRetry, type LazyScreen, type ScreenModule } from '../components/chunks/lazy-with-retry';
import type { AppPath } from '../paths/paths';

/**
 * A line of the route table (SPEC §2, spec/routes.txt).
 * `public`: guests may open it (DECISIONS §3); every other screen sends guests to login.
 */
export type ScreenRoute = { path: string; public: boolean; screen: LazyScreen };
export type RedirectRoute = { path: string; redirect: string };
export type RouteEntry = ScreenRoute | RedirectRoute;

type Access = 'public' | 'account';

export function page(path: AppPath, access: Access, load: () => Promise<ScreenModule>): ScreenRoute {
  return { path, public: access === 'public', screen: lazyWithRetry(load) };
}

export function redirect(path: AppPath, to: AppPath): RedirectRoute {
  return { path, redirect: to };
}

/** A trailing slash is forgiven since people type and share URLs. */
export function normalizedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
