import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PrivateChannel } from '../../../domain/protocol/ws';
import { onPrivateEvent, onPrivateResync } from '../../market/private-events';

/** A burst of events (one order walking the book, a close-all) becomes one refetch. */
const SETTLE_MS = 250;

/**
 * Re-reads a coin screen's REST data when the user's private channels say it changed (a fill, a
 * trigger, a liquidation, a transfer) or may have changed (a resync after reconnecting); the REST
 * answer stays the one source of what is shown. The same as the stock screens' hook
 * (src/screens/trade/use-private-refetch.ts), which the layer rule keeps out of this area.
 */
export function usePrivateRefetch(channels: readonly PrivateChannel[], refetch: () => void): void {
  const ref = useRef(refetch);
  useLayoutEffect(() => {
    ref.current = refetch;
  });
  const key = channels.join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = null;
        ref.current();
      }, SETTLE_MS);
    };
    const offs = key
      .split(',')
      .map((ch) => ch as PrivateChannel)
      .flatMap((ch) => [onPrivateEvent(ch, soon), onPrivateResync(ch, soon)]);
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [key]);
}
