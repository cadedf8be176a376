import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PrivateChannel } from '../../domain/protocol/ws';
import { onPrivateEvent, onPrivateResync } from './private-events';
// Registers how to start the worker: a screen that only listens to private events (the assets
// screen) has nothing else that would start it. client-start.ts loads the client with the worker,
// not with the screen's code before its first paint.
import './client-start';

/** A burst of events (one order walking the book, a close-all) becomes one refetch. */
const SETTLE_MS = 250;

/**
 * Refetches a screen's REST data when the user's private channels say it changed (a fill, an
 * expiry, a cancel elsewhere, a trigger, a liquidation, a balance moved) or may have changed (a
 * resync after reconnecting). The REST answer stays the one source of what is shown.
 */
export function usePrivateRefetch(
  channels: readonly PrivateChannel[],
  refetch: () => void,
  /** Which events concern this screen (by default all of its channels'); a resync always does. */
  concerns?: (data: unknown) => boolean,
): void {
  const ref = useRef(refetch);
  const concernsRef = useRef(concerns);
  useLayoutEffect(() => {
    ref.current = refetch;
    concernsRef.current = concerns;
  });
  const key = channels.join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        ref.current();
      }, SETTLE_MS);
    };
    const offs = key
      .split(',')
      .map((ch) => ch as PrivateChannel)
      .flatMap((ch) => [
        onPrivateEvent(ch, (data) => {
          if (concernsRef.current?.(data) ?? true) soon();
        }),
        onPrivateResync(ch, soon),
      ]);
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [key]);
}

const BALANCES = ['balances'] as const;

/**
 * Re-reads a screen's balances when they moved on the server: a fill, a transfer, a deposit or
 * withdrawal decided, another tab's order, or a request whose answer this screen was left before.
 * A form showing "available" must not offer a balance the ledger no longer has.
 */
export function useBalancesRefetch(refetch: () => void): void {
  usePrivateRefetch(BALANCES, refetch);
}
