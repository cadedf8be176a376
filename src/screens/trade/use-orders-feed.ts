import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Refetch when the user's orders change. Until the private `orders` channel is wired into the
 * client this is a periodic check while the screen is visible, so a resting order that fills
 * shows without a manual refresh; actions on the screen refetch at once.
 */
const REFRESH_MS = 5_000;

export function useOrdersFeed(refetch: () => void): void {
  const ref = useRef(refetch);
  useLayoutEffect(() => {
    ref.current = refetch;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') ref.current();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}
