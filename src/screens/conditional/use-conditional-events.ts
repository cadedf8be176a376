import { useEffect, useState } from 'react';
import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import { onConditionalOrder } from '../../services/conditional-banner';

/** The newer of two copies of a leg: a live event may be ahead of the list's last read, or behind it. */
const newer = (a: ConditionalOrder, b: ConditionalOrder | undefined) =>
  b !== undefined && b.updatedAt > a.updatedAt ? b : a;

/**
 * Follows the user's conditional legs on the private `orders` channel: each changed leg at once
 * over the list's copy (its state, its reason, the order it placed); `refetch` then reads the list
 * again for the rest. The toast of a leg that fired or was refused is the app's, on any screen
 * (src/services/conditional-banner.ts).
 */
export function useConditionalEvents() {
  const [live, setLive] = useState<ReadonlyMap<string, ConditionalOrder>>(new Map());
  useEffect(
    () =>
      onConditionalOrder((order) =>
        setLive((seen) => new Map(seen).set(order.id, newer(order, seen.get(order.id)))),
      ),
    [],
  );
  /** The leg as last heard of, from the list or the channel, whichever is newer. */
  return (order: ConditionalOrder): ConditionalOrder => newer(order, live.get(order.id));
}
