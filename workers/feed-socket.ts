import ReconnectingWebSocket from 'reconnecting-websocket';
import type { Clock } from './clock';

export type WebSocketConstructor = typeof WebSocket;

export type FeedSocketEvents = {
  open(): void;
  close(): void;
  message(text: string): void;
};

export type FeedSocket = {
  send(text: string): void;
  close(): void;
  /** Drops the connection and dials again (after the usual backoff): a socket that went silent. */
  reconnect(): void;
};

export const MIN_DELAY_MS = 250;
/**
 * Low on purpose: a user watching a price waits through at most this after the broker comes
 * back (issue 18 measured 7 s at a 10 s cap); the jitter still spreads a restart's reconnects.
 */
export const MAX_DELAY_MS = 1_500;
/** A dial that neither opens nor fails by then is given up and tried again. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * "Full jitter" backoff between MIN and min(MAX, MIN × 2^attempt), so a server restart isn't met
 * by every client at the same instant. reconnecting-websocket's own backoff is deterministic, so
 * it is set to zero and the wait happens in our URL provider instead.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const cap = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return MIN_DELAY_MS + Math.floor(random() * (cap - MIN_DELAY_MS));
}

/** Our market WebSocket: reconnects forever with jittered backoff; nothing is queued while down. */
export function openFeedSocket(
  url: string,
  deps: { WebSocket: WebSocketConstructor; clock: Clock; random: () => number },
  events: FeedSocketEvents,
): FeedSocket {
  let attempt = -1;
  const provider = (): Promise<string> => {
    attempt++;
    if (attempt === 0) return Promise.resolve(url);
    const delay = reconnectDelay(attempt - 1, deps.random);
    return new Promise((resolve) => deps.clock.setTimeout(() => resolve(url), delay));
  };
  const socket = new ReconnectingWebSocket(provider, undefined, {
    WebSocket: deps.WebSocket,
    minReconnectionDelay: 0,
    maxReconnectionDelay: 0,
    reconnectionDelayGrowFactor: 1,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    // Subscriptions are re-sent on open; anything sent while down is stale by then.
    maxEnqueuedMessages: 0,
  });
  let heard = false;
  socket.addEventListener('open', () => {
    heard = false;
    events.open();
  });
  socket.addEventListener('close', () => events.close());
  socket.addEventListener('message', (event) => {
    // A server that accepts and drops at once keeps backing off; one that talks resets it.
    if (!heard) {
      heard = true;
      attempt = 0;
    }
    const data: unknown = event.data;
    if (typeof data === 'string') events.message(data);
  });
  return {
    send: (text) => socket.send(text),
    close: () => socket.close(),
    reconnect: () => socket.reconnect(),
  };
}
