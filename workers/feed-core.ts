import type { FeedStats, Topic } from '../domain/market-data/contract';
import { decodeFrame } from '../domain/protocol/stream-codec';
import { FrameReader } from '../domain/protocol/stream-codec-read';
import type { ServerMessage, StreamMessage } from '../domain/protocol/ws';
import type { ApplyResult } from './book';
import type { MarketState } from './market-state';
import type { StreamLive } from './stream-health';
import type { StreamSync } from './stream-sync';

/** A stream the worker follows: its topic, channel, seq bookkeeping and price scale. */
export type StreamEntry = {
  topic: Topic;
  ch: string;
  sync: StreamSync;
  /** Price scale; null for a coin until /coin/infos answered. */
  scale: number | null;
  /** Liveness bookkeeping (the worker's streams; the benchmark's have none). */
  live?: StreamLive;
};

export const streamKey = (ch: string, symbol: string): string => `${ch}|${symbol}`;

/**
 * The followed streams by streamKey, also indexed by channel then symbol: a frame finds its
 * stream with two lookups of strings it already holds, instead of hashing a new joined key.
 * Keys must be streamKey(entry.ch, entry.topic.symbol).
 */
export class StreamMap extends Map<string, StreamEntry> {
  private readonly byChannel = new Map<string, Map<string, StreamEntry>>();

  override set(key: string, entry: StreamEntry): this {
    this.delete(key);
    super.set(key, entry);
    let symbols = this.byChannel.get(entry.ch);
    if (!symbols) this.byChannel.set(entry.ch, (symbols = new Map()));
    symbols.set(entry.topic.symbol, entry);
    return this;
  }

  override delete(key: string): boolean {
    const entry = super.get(key);
    if (!entry) return false;
    this.byChannel.get(entry.ch)?.delete(entry.topic.symbol);
    return super.delete(key);
  }

  override clear(): void {
    this.byChannel.clear();
    super.clear();
  }

  find(ch: string, symbol: string): StreamEntry | undefined {
    return this.byChannel.get(ch)?.get(symbol);
  }
}

/**
 * The hot path, apart from the socket so it can be benchmarked alone: read a frame with the stream
 * codec (its fast path reads our server's ticker, book, trades and candle frames straight into the
 * state's terms; decodeFrame reads anything else: a mark price, another layout, an answer, an
 * event, and StreamFrame.read turns a decoded stream message into the same terms), check its seq,
 * apply it to the state; a gap, an off-grid price or a crossed book asks the owner to resync that
 * stream. Malformed frames are counted and dropped, never thrown.
 */
export class FeedCore {
  readonly stats: FeedStats = {
    messages: 0,
    malformed: 0,
    gaps: 0,
    duplicates: 0,
    resyncs: 0,
    reconnects: 0,
  };
  readonly streams = new StreamMap();
  /** The arrival time of the frame being handled, set by the owner (its clock). */
  at = 0;
  private readonly state: MarketState;
  private readonly accepts: (entry: StreamEntry) => boolean;
  private readonly resync: (entry: StreamEntry) => void;
  private readonly other: (message: ServerMessage) => void;
  /** The one frame every stream frame is read into, by the fast path or from a decoded message. */
  private readonly frameReader = new FrameReader();
  /** Off: every frame takes decodeFrame (the tests that hold the two paths side by side). */
  directPath = true;

  constructor(
    state: MarketState,
    accepts: (entry: StreamEntry) => boolean,
    resync: (entry: StreamEntry) => void,
    /** Every frame that is not stream data (auth answers, private events, errors). */
    other: (message: ServerMessage) => void = () => {},
  ) {
    this.state = state;
    this.accepts = accepts;
    this.resync = resync;
    this.other = other;
  }

  frame(text: string): void {
    if (this.directPath && this.tryDirect(text)) return;
    const message = decodeFrame(text);
    if (!message) {
      this.stats.malformed++;
      return;
    }
    this.stats.messages++;
    if (message.op === 'data') this.stream(message);
    else this.other(message);
  }

  /**
   * A frame the fast path reads whole, for a stream followed at a known scale: handled here.
   * False for any other, untouched (decodeFrame reads it from the start).
   */
  private tryDirect(text: string): boolean {
    const direct = this.frameReader;
    if (!direct.head(text)) return false;
    const entry = this.streams.find(direct.ch, direct.s);
    if (!entry || entry.scale === null || !direct.body(entry.scale)) return false;
    this.stats.messages++;
    if (!this.accepts(entry) || !this.admit(entry, direct.seq, direct.snap)) return true;
    const interval = entry.topic.kind === 'candles' ? entry.topic.interval : null;
    this.settle(
      entry,
      this.state.apply(direct, entry.topic.symbol, entry.scale, interval),
      direct.seq,
      direct.snap,
    );
    return true;
  }

  private stream(message: StreamMessage): void {
    const entry = this.streams.find(message.ch, message.s);
    if (!entry || entry.scale === null || !this.accepts(entry)) return;
    if (!this.admit(entry, message.seq, message.snap)) return;
    this.settle(entry, this.applyMessage(message, entry, entry.scale), message.seq, message.snap);
  }

  private applyMessage(message: StreamMessage, entry: StreamEntry, scale: number): ApplyResult {
    const symbol = entry.topic.symbol;
    if (message.ch === 'mark') return this.state.mark(symbol, message, scale) ? 'ok' : 'bad';
    const frame = this.frameReader;
    // Not readable at the stream's scale (a price off its grid): malformed, and the stream resyncs
    // (a book shows its last good levels as resyncing until the snapshot lands).
    if (!frame.read(message, scale)) return 'bad';
    const interval = entry.topic.kind === 'candles' ? entry.topic.interval : null;
    return this.state.apply(frame, symbol, scale, interval);
  }

  /** Whether a message at `seq` is applied; a duplicate is counted, a gap resyncs the stream. */
  private admit(entry: StreamEntry, seq: number, snap: boolean): boolean {
    const verdict = entry.sync.judge(seq, snap);
    if (verdict === 'ignore') return false;
    if (verdict === 'duplicate') {
      this.stats.duplicates++;
      return false;
    }
    if (verdict === 'gap') {
      this.stats.gaps++;
      this.resync(entry);
      return false;
    }
    return true;
  }

  private settle(entry: StreamEntry, result: ApplyResult, seq: number, snap: boolean): void {
    if (result === 'ok') {
      const quiet = snap && seq === entry.sync.lastSeq;
      entry.sync.accept(seq);
      entry.live?.noteFrame(this.at, snap, quiet);
    } else {
      if (result === 'bad') this.stats.malformed++;
      this.resync(entry);
    }
  }
}
