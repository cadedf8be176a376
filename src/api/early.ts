/**
 * Answers asked for before the screen that reads them has rendered: a route's chunk asks as it
 * loads, so the request no longer waits for React to render and commit the screen around it
 * (on a phone the list or the price it brings is the screen's largest paint). The
 * screen takes the answer once, by the same key, if it is still fresh; otherwise it asks anew.
 */
/** Older than this, an answer asked early is not taken: the screen asks anew. */
export const FRESH_FOR_MS = 5_000;
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

export function askEarly<T>(key: string, load: () => Promise<T>): void {
  const answer = load();
  // Unused (the user left at once), its failure must not surface as unhandled.
  answer.catch(() => undefined);
  early.set(key, { at: Date.now(), answer });
}

export function takeEarly<T>(key: string): Promise<T> | null {
  const taken = early.get(key);
  early.delete(key);
  if (!taken || Date.now() - taken.at > FRESH_FOR_MS) return null;
  return taken.answer as Promise<T>;
}

/** The query of the page being opened, if it is `path`: what a route chunk asks early for. */
export function openingQuery(path: string): URLSearchParams | null {
  if (typeof location === 'undefined' || location.pathname !== path) return null;
  return new URLSearchParams(location.search);
}
