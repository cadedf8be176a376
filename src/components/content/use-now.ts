import { useLayoutEffect, useState } from 'react';
import { serverNow } from '../../api/server-clock';

/**
 * The time, re-read every second while there is a live quote (`key`: its id); idle otherwise,
 * so a screen without a quote runs no timer. Re-read before paint whenever a new quote arrives,
 * so its countdown never starts from an older reading.
 */
export function useNow(key: string | null): number {
  const [now, setNow] = useState(() => serverNow());
  useLayoutEffect(() => {
    if (key === null) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [key]);
  return now;
}
