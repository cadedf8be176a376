import { useEffect } from 'react';

/** How often a screen or panel whose code did not arrive tries again by itself (the broker may be back). */
export const CHUNK_RETRY_MS = 3_000;

/**
 * Tries `load` every CHUNK_RETRY_MS and when the browser is back online, and calls `onLoaded` once
 * the code has arrived: a screen or panel whose code failed (the broker was down as the user
 * opened it) recovers once the broker is back, without a tap.
 */
export function useRetryUntilLoaded(load: (() => Promise<boolean>) | undefined, onLoaded: () => void): void {
  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    const attempt = () =>
      void load().then((loaded) => {
        if (loaded && !cancelled) onLoaded();
      });
    const timer = setInterval(attempt, CHUNK_RETRY_MS);
    window.addEventListener('online', attempt);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [load, onLoaded]);
}
