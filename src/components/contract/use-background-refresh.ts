import { useCallback, useLayoutEffect, useRef } from 'react';
import type { LiveData } from '../content/use-live-data';

/**
 * Re-reads a LiveData behind what is shown: `reload()` would put the screen back in its loading
 * state, unmounting a ticket half filled in or a position card with its what-if open, on every
 * fill, trigger or balance event. A failed re-read keeps the figures shown (the server re-checks
 * every order anyway). An answer overtaken by a later re-read, or asked for another `key` than the
 * one the LiveData now shows (a tab or pair switched meanwhile), is dropped.
 */
export function useBackgroundRefresh<T>(live: LiveData<T>, key: string, load: () => Promise<T>): () => void {
  const current = useRef({ update: live.update, load, key });
  useLayoutEffect(() => {
    current.current = { update: live.update, load, key };
  });
  const sequence = useRef(0);
  return useCallback(() => {
    const mine = ++sequence.current;
    const asked = current.current.key;
    current.current.load().then(
      (next) => {
        if (mine === sequence.current && asked === current.current.key) current.current.update(() => next);
      },
      () => {},
    );
  }, []);
}
