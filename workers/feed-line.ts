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
