import ReconnectingWebSocket from 'reconnecting-websocket';
import type { Clock } from './clock';

export type WebSocketConstructor = typeof WebSocket;

export type FeedSocketEvents = {
  open(): void;
  close(): void;
  message(text: string): void;
};

export type FeedSocket = { send(text: string): void; close(): void };

const BASE_DELAY_MS = 300;
const MAX_DELAY_MS = 10_000;

/**
 * "Full jitter" backoff: a random wait up to base × 2^attempt (capped), so a server restart
 * isn't met by every client at the same instant. reconnecting-websocket's own backoff is
 * deterministic, so it is set to zero and the wait happens in our URL provider instead.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  return Math.floor(random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
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
  };
}
