import type { PrivateEvent } from '../../domain/market-data/contract';
import type { PrivateChannel } from '../../domain/protocol/ws';

/**
 * The signed-in user's live events (orders, balances, positions, messages), as the worker
 * delivers them inside its patches (src/market/client.ts calls deliverPrivateEvents). A screen
 * listens to a channel while mounted; `onPrivateResync` tells it that events may have been lost
 * (a new subscription after sign-in or reconnect, a gap) and its REST data should be refetched.
 */
type EventListener = (data: unknown) => void;
type ResyncListener = () => void;

const eventListeners = new Map<PrivateChannel, Set<EventListener>>();
const resyncListeners = new Map<PrivateChannel, Set<ResyncListener>>();
let starter: (() => void) | null = null;

/** client.ts registers how to start the worker, so a first listener can start it (no import cycle). */
export function setPrivateFeedStarter(start: () => void): void {
  starter = start;
}

function add<T>(map: Map<PrivateChannel, Set<T>>, ch: PrivateChannel, fn: T): () => void {
  const set = map.get(ch) ?? new Set<T>();
  map.set(ch, set);
  set.add(fn);
  starter?.();
  return () => {
    set.delete(fn);
    // Only this set: a second call after it emptied must not drop a newer listener's set.
    if (set.size === 0 && map.get(ch) === set) map.delete(ch);
  };
}

/** Calls `fn` with each event's payload on `ch` (its type is that channel's, e.g. PositionsEvent). */
export function onPrivateEvent(ch: PrivateChannel, fn: EventListener): () => void {
  return add(eventListeners, ch, fn);
}

export function onPrivateResync(ch: PrivateChannel, fn: ResyncListener): () => void {
  return add(resyncListeners, ch, fn);
}

/** Hands one patch's events to their listeners, in arrival order; a throwing listener spoils no other. */
export function deliverPrivateEvents(events: readonly PrivateEvent[]): void {
  for (const event of events) {
    const listeners = 'resync' in event ? resyncListeners.get(event.ch) : eventListeners.get(event.ch);
    if (!listeners) continue;
    for (const fn of [...listeners]) {
      try {
        if ('resync' in event) (fn as ResyncListener)();
        else (fn as EventListener)(event.data);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
