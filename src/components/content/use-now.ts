import { useLayoutEffect, useState } from 'react';
import { serverNow } from '../../api/server-clock';

/**
 * The time, re-read every second while a countdown is on screen (`key`: a live quote's id, or
 * true), so one timer serves every countdown of a screen; idle otherwise (null or false), so a
 * screen without one runs no timer. Re-read before paint whenever a new quote arrives, so its
 * countdown never starts from an older reading.
 */
export function useNow(key: string | boolean | null): number {
  const [now, setNow] = useState(() => serverNow());
  useLayoutEffect(() => {
    if (key === null || key === false) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [key]);
  return now;
}
