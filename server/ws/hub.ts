import { encodeStream } from '../../domain/protocol/stream-codec';
import type { PublicChannel, ServerMessage, StreamMessage } from '../../domain/protocol/ws';
import type { MarketEvent, MarketSource } from '../market/source';
import { fanoutProbe } from './fanout-probe';
import { sharedFrame, type SharedFrame } from './frame';
import { snapshotOf, streamKey, updateOf } from './streams';
import { isFrameFeed, type FrameFeed, type StreamFrame } from './stream-frames';

/** Time as the hub sees it; tests drive it by hand. */
export type HubClock = {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

export const systemClock: HubClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export type HubOptions = {
  clock: HubClock;
  heartbeatMs: number;
  /** Above this many unsent bytes a socket gets no more updates until it drains (slow consumer). */
  highWaterMark: number;
  /** Above this a socket is dropped: private events cannot be skipped, nor queued without end. */
  hardLimit: number;
  maxSubscriptions: number;
  /**
   * How long a subscription to a catalogue symbol waits while this node's market loads (a
   * cluster node's switch-over) before it is refused as MARKET_LOADING; checked at each beat.
   */
  instrumentWaitMs: number;
};

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  clock: systemClock,
  heartbeatMs: 1000,
  highWaterMark: 256 * 1024,
  hardLimit: 8 * 1024 * 1024,
  maxSubscriptions: 200,
  instrumentWaitMs: 15_000,
};

/** What the hub needs of a connection to fan out to it. */
export type Subscriber = {
  deliver(stream: Stream, frame: SharedFrame): void;
  /** `frame` is this beat's `hb`, encoded once for every socket. */
  heartbeat(now: number, frame: SharedFrame): void;
};

export type Stream = {
  key: string;
  ch: PublicChannel;
  symbol: string;
  seq: number;
  /**
   * Each subscriber with the stream's seq when it joined: its snapshot already holds every
   * update up to there, so one that joins while an update is being published skips that update.
   */
  subscribers: Map<Subscriber, number>;
  /** The encoded snapshot at `seq`, shared by everyone who joins before the next update. */
  snapshot: SharedFrame | null;
};

/**
 * The fan-out of market streams: one listener on the source while any stream has a
 * subscriber, each update encoded once per stream (JSON and WebSocket frame) and the same bytes
 * handed to every subscriber.
 */
export class Hub {
  readonly options: HubOptions;
  private readonly streams = new Map<string, Stream>();
  private readonly connections = new Set<Subscriber>();
  private unlisten: (() => void) | null = null;
  private timer: unknown = null;
  /**
   * A cluster node's frames, encoded once by the partition owner (stream-frames.ts): the hub
   * forwards their bytes under their seqs. Absent (one process), the hub encodes the updates of
   * the streams someone follows, and numbers them itself.
   */
  private readonly feed: FrameFeed | null;

  constructor(
    readonly source: MarketSource,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.feed = isFrameFeed(source) ? source : null;
  }

  now(): number {
    return this.options.clock.now();
  }

  connect(connection: Subscriber): void {
    this.connections.add(connection);
    if (this.timer === null)
      this.timer = this.options.clock.setInterval(() => this.beat(), this.options.heartbeatMs);
  }

  disconnect(connection: Subscriber, streams: Iterable<Stream>): void {
    for (const stream of streams) this.leave(connection, stream);
    this.connections.delete(connection);
    if (this.connections.size === 0 && this.timer !== null) {
      this.options.clock.clearInterval(this.timer);
      this.timer = null;
    }
  }

  join(connection: Subscriber, ch: PublicChannel, symbol: string): Stream {
    const key = streamKey(ch, symbol);
    let stream = this.streams.get(key);
    if (!stream) {
      stream = { key, ch, symbol, seq: this.feed?.lastSeq(key) ?? 0, subscribers: new Map(), snapshot: null };
      this.streams.set(key, stream);
      if (!this.unlisten) this.unlisten = this.listen();
    }
    if (!stream.subscribers.has(connection)) {
      // The source is read before the subscriber counts: a read may publish updates it owed
      // (snapshotOf), which go to those already in and which the new one's snapshot holds.
      this.snapshotFrame(stream);
      stream.subscribers.set(connection, stream.seq);
    }
    return stream;
  }

  leave(connection: Subscriber, stream: Stream): void {
    stream.subscribers.delete(connection);
    if (stream.subscribers.size > 0 || this.streams.get(stream.key) !== stream) return;
    this.streams.delete(stream.key);
    if (this.streams.size === 0 && this.unlisten) {
      this.unlisten();
      this.unlisten = null;
    }
  }

  /** The stream's snapshot, encoded, at its current seq; null while the source has none. */
  snapshotFrame(stream: Stream): SharedFrame | null {
    if (stream.snapshot !== null) return stream.snapshot;
    const message = snapshotOf(this.source, stream.ch, stream.symbol, () => stream.seq, this.now());
    if (!message) return null;
    // A book's seq is the source's, so a REST snapshot and the socket agree.
    stream.seq = message.seq;
    stream.snapshot = sharedFrame(encodeStream(message));
    return stream.snapshot;
  }

  stats(): { connections: number; streams: number; subscriptions: number; listening: boolean } {
    let subscriptions = 0;
    for (const stream of this.streams.values()) subscriptions += stream.subscribers.size;
    return {
      connections: this.connections.size,
      streams: this.streams.size,
      subscriptions,
      listening: this.unlisten !== null,
    };
  }

  private listen(): () => void {
    const feed = this.feed;
    if (feed) return feed.onFrame((frame) => this.onFrame(frame));
    return this.source.on((event) => this.onEvent(event));
  }

  private onFrame(update: StreamFrame): void {
    const stream = this.streams.get(update.key);
    if (stream) this.deliver(stream, update.seq, update.frame);
  }

  private onEvent(event: MarketEvent): void {
    const update = updateOf(event, (key) => this.nextSeq(key), this.now());
    if (!update) return;
    const stream = this.streams.get(update.key);
    if (!stream) return;
    this.publish(stream, update.message);
  }

  private nextSeq(key: string): number | undefined {
    const stream = this.streams.get(key);
    return stream && stream.seq + 1;
  }

  private publish(stream: Stream, message: StreamMessage): void {
    this.deliver(stream, message.seq, sharedFrame(encodeStream(message)));
  }

  private deliver(stream: Stream, seq: number, frame: SharedFrame): void {
    stream.seq = seq;
    stream.snapshot = null;
    if (fanoutProbe.on) fanoutProbe.delivered(stream.key, seq, frame);
    // No copy of the set: a Map visits live entries, so one that leaves before its turn is
    // skipped, and one that joins meanwhile is seen with a snapshot already at `seq`.
    for (const [subscriber, joinedAt] of stream.subscribers)
      if (joinedAt < seq) subscriber.deliver(stream, frame);
  }

  private beat(): void {
    const now = this.now();
    const frame = sharedFrame(JSON.stringify({ op: 'hb', t: now } satisfies ServerMessage));
    // A heartbeat may drop a socket, which leaves the set: Set iteration allows that.
    for (const connection of this.connections) connection.heartbeat(now, frame);
  }
}
