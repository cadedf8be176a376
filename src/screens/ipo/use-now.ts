import { useEffect, useState } from 'react';
import { serverNow } from '../../api/server-clock';

/**
 * The time, re-read every second while `active` (a countdown is on screen), so one timer serves
 * every countdown of a screen; idle otherwise.
 */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}
