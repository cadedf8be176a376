import { useLayoutEffect, useState } from 'react';

/**
 * The time, re-read every second while there is a live quote (`key`: its id); idle otherwise,
 * so a screen without a quote runs no timer. Re-read before paint whenever a new quote arrives,
 * so its countdown never starts from an older reading.
 */
export function useNow(key: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useLayoutEffect(() => {
    if (key === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [key]);
  return now;
}
