import type { FeedState, FeedStats, FeedStatus, MarketPatch } from '../domain/market-data/contract';
import type { ServerMessage } from '../domain/protocol/ws';
import type { Clock } from './clock';
import { FeedLag } from './feed-lag';
import { openFeedSocket, type FeedSocket, type WebSocketConstructor } from './feed-socket';

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
export function createFeedLine(deps: LineDeps) {
  let open = false;
  let state: FeedState = 'connecting';
  /** When the last frame (data or heartbeat) came. */
  let lastFrame = deps.clock.now();
  /** How old the server's frames are on arrival, by its clock (a slow line is not "Live"). */
  const lag = new FeedLag();
  let socket: FeedSocket | null = null;
  let opened = false;
  let feed: FeedStatus = { state: 'connecting', since: lastFrame };
  let postedFeed: FeedStatus | null = null;
  let serverLead = 0;

  function connect(url: string, WebSocketClass: WebSocketConstructor, events: LineEvents): void {
    socket?.close();
    const { clock, random } = deps;
    socket = openFeedSocket(
      url,
      { WebSocket: WebSocketClass, clock, random },
      {
        open: () => {
          open = true;
          if (opened) deps.stats.reconnects++;
          opened = true;
          lastFrame = clock.now();
          // Still connecting (or reconnecting) until the server answers this ping in time.
          lag.reset();
          ping();
          events.opened();
        },
        close: () => {
          if (!open && state === 'reconnecting') return;
          open = false;
          state = 'reconnecting';
          refreshFeed();
          events.closed();
        },
        message: (text) => {
          lastFrame = clock.now();
          events.frame(text);
          judge();
        },
      },
    );
  }

  function send(text: string): void {
    if (open && socket) socket.send(text);
  }

  /** Heartbeats and pongs measure the line's lag. */
  function heard(message: ServerMessage): void {
    const now = deps.clock.now();
    if (message.op === 'hb') lag.heartbeat(message.t, now);
    if (message.op === 'pong') lag.pong(message.ts, message.echo, now);
  }

  /**
   * The watchdog's part for the line: a ping when due, a stale line, a silent one redialled.
   * Answers whether the streams should be probed: frames come (on a live line or a slow one).
   */
  function watch(now: number): boolean {
    if (!open) return false;
    ping();
    lag.check(now);
    if (state === 'live' && (lag.delayed || now - lastFrame > STALE_AFTER_MS)) {
      state = 'stale';
      refreshFeed();
    }
    if (now - lastFrame > SILENT_RECONNECT_MS) {
      lastFrame = now;
      socket?.reconnect();
    }
    return state === 'live' || lag.delayed;
  }

  /**
   * The server's clock as the pongs bound it (feed-lag.ts): an option's time to expiry is counted
   * on it, not on the phone's clock, which may be an hour off. The last bound holds while a new
   * connection measures.
   */
  function serverNow(): number {
    serverLead = lag.lead ?? serverLead;
    return deps.clock.now() + serverLead;
  }

  /** The feed's state changed by the page's choice (streaming or polled). */
  function refreshFeed(): void {
    const next = deps.polled() ? 'polling' : state;
    if (next !== feed.state) feed = { state: next, since: deps.clock.now() };
  }

  /** The feed's state, when it changed since the last patch. */
  function feedInto(patch: MarketPatch): boolean {
    if (postedFeed === feed) return false;
    postedFeed = feed;
    patch.feed = feed;
    return true;
  }

  function ping(): void {
    const now = deps.clock.now();
    if (open && socket && lag.pingDue(now)) socket.send(`{"op":"ping","ts":${now}}`);
  }

  /**
   * The socket's state once the server has spoken: "Live" means it answered our ping in time and
   * its heartbeats arrive young, not only that a socket opened (a proxy may accept one with no
   * broker behind it, or hold every frame for seconds).
   */
  function judge(): void {
    if (!open) return;
    const next: FeedState = lag.delayed ? 'stale' : lag.measured ? 'live' : state;
    if (next === state) return;
    state = next;
    refreshFeed();
  }
  return {
    lag,
    connect,
    send,
    heard,
    watch,
    serverNow,
    refreshFeed,
    feedInto,
    get open() {
      return open;
    },
    /** The socket is open and the server answers in time. */
    get live() {
      return open && state === 'live';
    },
    /** When the last frame (data or heartbeat) came. */
    get lastFrame() {
      return lastFrame;
    },
  };
}

export type FeedLine = ReturnType<typeof createFeedLine>;
