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
 * back (7 s was measured at a 10 s cap); the jitter still spreads a restart's reconnects.
 */
export const MAX_DELAY_MS = 1_500;
/** A dial that neither opens nor fails by then is given up and tried again. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * "Full jitter" backoff between MIN and min(MAX, MIN × 2^attempt), so a server restart isn't met
 * by every client at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const cap = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return MIN_DELAY_MS + Math.floor(random() * (cap - MIN_DELAY_MS));
}

const OPEN = 1;

/**
 * Our market WebSocket: reconnects forever with jittered backoff; nothing is queued while down
 * (subscriptions are sent again on open; anything sent while down is stale by then). Small on
 * purpose: it is on the first load (in the worker), where a general reconnecting socket library
 * cost ~3 KiB gzip for the few lines used here.
 */
export function openFeedSocket(
  url: string,
  deps: { WebSocket: WebSocketConstructor; clock: Clock; random: () => number },
  events: FeedSocketEvents,
): FeedSocket {
  const { clock } = deps;
  /** Dials since the server last spoke: a server that accepts and drops at once keeps backing off. */
  let attempt = 0;
  let current: WebSocket | null = null;
  let dialing: unknown = null;
  let stopped = false;

  /** `socket` is over (closed, dropped, or never opened in time): said once, then dialled again. */
  const end = (socket: WebSocket) => {
    if (current !== socket) return;
    current = null;
    try {
      socket.close();
    } catch {
      // Node's ws throws on close() before its handshake ends; a browser doesn't. Gone either way.
    }
    events.close();
    if (!stopped) dialing = clock.setTimeout(dial, reconnectDelay(attempt++, deps.random));
  };

  function dial(): void {
    dialing = null;
    if (stopped) return;
    let socket: WebSocket;
    try {
      socket = new deps.WebSocket(url);
    } catch {
      // A URL or port the browser refuses (mixed content, a blocked port): said as a close, and
      // dialled again like any failed dial, so polling still takes over for stocks.
      events.close();
      dialing = clock.setTimeout(dial, reconnectDelay(attempt++, deps.random));
      return;
    }
    current = socket;
    const timeout = clock.setTimeout(() => {
      if (socket.readyState !== OPEN) end(socket);
    }, CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clock.clearTimeout(timeout);
      if (current === socket) events.open();
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (current !== socket) return;
      attempt = 0; // the server spoke: its next drop backs off from the start
      const data: unknown = event.data;
      if (typeof data === 'string') events.message(data);
    });
    // A failed dial or a dropped line: its close follows. (Node's ws throws an error nobody listens to.)
    socket.addEventListener('error', () => {});
    socket.addEventListener('close', () => {
      clock.clearTimeout(timeout);
      end(socket);
    });
  }

  // Dialled from a timer, not inside the caller: the caller's state ("connecting") is in place first.
  dialing = clock.setTimeout(dial, 0);
  return {
    send: (text) => {
      if (current?.readyState === OPEN) current.send(text);
    },
    close: () => {
      stopped = true;
      if (dialing !== null) clock.clearTimeout(dialing);
      const socket = current;
      current = null;
      socket?.close();
    },
    reconnect: () => {
      if (current) end(current);
    },
  };
}
