import type { FeedState, FeedStats, FeedStatus, MarketPatch } from '../domain/market-data/contract';
import type { ServerMessage } from '../domain/protocol/ws';
import type { Clock } from './clock';
import { FeedLag } from './feed-lag';

export type WebSocketConstructor = typeof WebSocket;

type FeedSocketEvents = {
  open(): void;
  close(): void;
  message(text: string): void;
};

type FeedSocket = {
  send(text: string): void;
  close(): void;
  /** Drops the connection and dials again (after the usual backoff): a socket that went silent. */
  reconnect(): void;
};

const MIN_DELAY_MS = 250;
/**
 * Low on purpose: a user watching a price waits through at most this after the broker comes
 * back (7 s was measured at a 10 s cap); the jitter still spreads a restart's reconnects.
 */
const MAX_DELAY_MS = 1_500;
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
function openFeedSocket(
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

/** No frame (data or heartbeat) for this long → the feed is stale. */
export const STALE_AFTER_MS = 3_000;
/** …and this long → the socket is dropped and dialled again (a proxy holding a dead line). */
export const SILENT_RECONNECT_MS = 5_000;

export type LineEvents = {
  /** The socket opened (again): every stream asks for its snapshot. */
  opened(): void;
  /** The socket went down. */
  closed(): void;
  frame(text: string): void;
};

export type LineDeps = {
  clock: Clock;
  random: () => number;
  stats: FeedStats;
  /** Stocks are polled, not streamed: the feed says "polling". */
  polled: () => boolean;
};

/**
 * The worker's connection to the broker: one socket, whether it is open, how old its frames are
 * (FeedLag), and the feed's state as the UI shows it.
 */
export class FeedLine {
  open = false;
  state: FeedState = 'connecting';
  /** When the last frame (data or heartbeat) came. */
  lastFrame: number;
  /** How old the server's frames are on arrival, by its clock (a slow line is not "Live"). */
  readonly lag = new FeedLag();
  private socket: FeedSocket | null = null;
  private opened = false;
  private feed: FeedStatus;
  private postedFeed: FeedStatus | null = null;
  private serverLead = 0;

  constructor(private readonly deps: LineDeps) {
    this.lastFrame = deps.clock.now();
    this.feed = { state: 'connecting', since: this.lastFrame };
  }

  connect(url: string, WebSocketClass: WebSocketConstructor, events: LineEvents): void {
    this.socket?.close();
    const { clock, random } = this.deps;
    this.socket = openFeedSocket(
      url,
      { WebSocket: WebSocketClass, clock, random },
      {
        open: () => {
          this.open = true;
          if (this.opened) this.deps.stats.reconnects++;
          this.opened = true;
          this.lastFrame = clock.now();
          // Still connecting (or reconnecting) until the server answers this ping in time.
          this.lag.reset();
          this.ping();
          events.opened();
        },
        close: () => {
          if (!this.open && this.state === 'reconnecting') return;
          this.open = false;
          this.state = 'reconnecting';
          this.refreshFeed();
          events.closed();
        },
        message: (text) => {
          this.lastFrame = clock.now();
          events.frame(text);
          this.judge();
        },
      },
    );
  }

  send(text: string): void {
    if (this.open && this.socket) this.socket.send(text);
  }

  /** The socket is open and the server answers in time. */
  get live(): boolean {
    return this.open && this.state === 'live';
  }

  /** Heartbeats and pongs measure the line's lag. */
  heard(message: ServerMessage): void {
    const now = this.deps.clock.now();
    if (message.op === 'hb') this.lag.heartbeat(message.t, now);
    if (message.op === 'pong') this.lag.pong(message.ts, message.echo, now);
  }

  /**
   * The watchdog's part for the line: a ping when due, a stale line, a silent one redialled.
   * Answers whether the streams should be probed: frames come (on a live line or a slow one).
   */
  watch(now: number): boolean {
    if (!this.open) return false;
    this.ping();
    this.lag.check(now);
    if (this.state === 'live' && (this.lag.delayed || now - this.lastFrame > STALE_AFTER_MS)) {
      this.state = 'stale';
      this.refreshFeed();
    }
    if (now - this.lastFrame > SILENT_RECONNECT_MS) {
      this.lastFrame = now;
      this.socket?.reconnect();
    }
    return this.state === 'live' || this.lag.delayed;
  }

  /**
   * The server's clock as the pongs bound it (feed-lag.ts): an option's time to expiry is counted
   * on it, not on the phone's clock, which may be an hour off. The last bound holds while a new
   * connection measures.
   */
  serverNow(): number {
    this.serverLead = this.lag.lead ?? this.serverLead;
    return this.deps.clock.now() + this.serverLead;
  }

  /** The feed's state changed by the page's choice (streaming or polled). */
  refreshFeed(): void {
    const next = this.deps.polled() ? 'polling' : this.state;
    if (next !== this.feed.state) this.feed = { state: next, since: this.deps.clock.now() };
  }

  /** The feed's state, when it changed since the last patch. */
  feedInto(patch: MarketPatch): boolean {
    if (this.postedFeed === this.feed) return false;
    this.postedFeed = this.feed;
    patch.feed = this.feed;
    return true;
  }

  private ping(): void {
    const now = this.deps.clock.now();
    if (this.open && this.socket && this.lag.pingDue(now)) this.socket.send(`{"op":"ping","ts":${now}}`);
  }

  /**
   * The socket's state once the server has spoken: "Live" means it answered our ping in time and
   * its heartbeats arrive young, not only that a socket opened (a proxy may accept one with no
   * broker behind it, or hold every frame for seconds).
   */
  private judge(): void {
    if (!this.open) return;
    const next: FeedState = this.lag.delayed ? 'stale' : this.lag.measured ? 'live' : this.state;
    if (next === this.state) return;
    this.state = next;
    this.refreshFeed();
  }
}
