import { prefetch } from './prefetch';
import { FIRST_CALLS } from './first-calls';

/**
 * Starts the first GETs of the screen at `path` (first-calls.ts), when `allowed` says the user may
 * open it (a guest's account screen sends them to login, whose calls these are not). Loaded with
 * the idle preload's queue, off the first load.
 */
export function prefetchData(path: string, allowed: (path: string) => boolean): void {
  const calls = FIRST_CALLS[path];
  if (!calls || !allowed(path)) return;
  for (const call of calls) prefetch(call);
}
