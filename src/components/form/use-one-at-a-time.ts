import { useRef, useState } from 'react';

/** What a guarded run came to: its value, or nothing because another run was still out. */
export type Guarded<T> = { ran: true; value: T } | { ran: false };

/**
 * The core every sending form shares: busy while a run is out, and one run at a time. The ref,
 * set at once, drops a second tap before React re-renders (state alone would let a double tap
 * through). Money actions (use-money-action.ts) and validated forms (use-zod-form.ts) build on it.
 */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function once<T>(work: () => Promise<T>): Promise<Guarded<T>> {
    if (inFlight.current) return { ran: false };
    inFlight.current = true;
    setBusy(true);
    try {
      return { ran: true, value: await work() };
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** Whether a run is out now (read before checking a form: a second submit checks nothing). */
  const running = () => inFlight.current;

  return { busy, once, running };
}
