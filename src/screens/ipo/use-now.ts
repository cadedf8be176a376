import { useEffect, useState } from 'react';

/**
 * The time, re-read every second while `active` (a countdown is on screen), so one timer serves
 * every countdown of a screen; idle otherwise.
 */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}
