// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/request';

/**
 * A withdrawal PIN's lock as the broker states it: `until` (epoch ms) from the terms' or a
 * refusal's PIN_LOCKED params, or null. While it holds, the form keeps its submit disabled and
 * says until when; at `until` it opens again by itself (no reload, no new tap to find out).
 */
export function usePinLock(initialUntil: number | null, now: () => number = Date.now) {
  const [until, setUntil] = useState<number | null>(initialUntil);
  const [, setTick] = useState(0);
  // The terms were read again (a refocus, a balance change): the broker's word is the newest.
  useEffect(() => setUntil(initialUntil), [initialUntil]);
  const locked = until !== null && until > now();
  useEffect(() => {
    if (!locked || until === null) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - now()) + 50);
    return () => clearTimeout(timer);
  }, [locked, until, now]);
  return {
    /** When it unlocks, while it is locked; otherwise null. */
    lockedUntil: locked ? until : null,
    /** Takes a refusal: when it was PIN_LOCKED with its unlock time, locks and answers that time. */
    took(error: unknown): number | null {
      if (!isApiError(error) || error.key !== 'PIN_LOCKED') return null;
      const at = Number(error.params.until);
      if (!Number.isFinite(at)) return null;
      setUntil(at);
      return at;
    },
  };
}
