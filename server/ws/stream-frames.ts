import { encodeStream } from '../../domain/protocol/stream-codec';
import type { MarketEvent, MarketSource } from '../market/source';
import { fanoutProbe } from './fanout-probe';
import { sharedFrame, type SharedFrame } from './frame';
import { updateOf } from './streams';

/** One stream update, encoded once: the same bytes go to every socket of every node. */
export type StreamFrame = {
  key: string;
  seq: number;
  /** The frame's JSON text, what the bus carries. */
  text: string;
  /** Framed for sockets on first use: most streams have no socket on a given node. */
  readonly frame: SharedFrame;
};

export function streamFrame(key: string, seq: number, text: string): StreamFrame {
  let framed: SharedFrame | null = null;
  return {
    key,
    seq,
    text,
    get frame() {
      return (framed ??= sharedFrame(text));
    },
  };
}

/**
 * A source's updates as encoded frames, every stream's, whether anyone subscribed or not: what a
 * cluster's nodes share. The partition owner encodes each event once (its own sockets and the bus
 * carry the same text), and a follower hands its sockets the text the owner wrote, so every node
 * sends the same bytes under the same seq.
 */
export interface FrameFeed {
  onFrame(listener: (frame: StreamFrame) => void): () => void;
  /** The seq of a stream's latest frame (a snapshot taken now is at it); undefined before any. */
  lastSeq(key: string): number | undefined;
}

export function isFrameFeed(value: object): value is FrameFeed {
  return 'onFrame' in value && 'lastSeq' in value;
}

type Clock = () => number;

/**
 * Encodes every event of a source into its stream's frame at the stream's next seq (a book's is
 * the source's own). Seqs start above `base`: an owner that takes over starts at its start time
 * in ms, above any seq an earlier owner gave (a stream updates far less than once a ms), so a
 * follower's subscribers read the new owner's first frame as a gap and resnapshot.
 * Listens to the source only while it has listeners.
 */
export class StreamFrames implements FrameFeed {
  private readonly seqs = new Map<string, number>();
  private readonly listeners = new Set<(frame: StreamFrame) => void>();
  private off: (() => void) | null = null;

  constructor(
    private readonly source: MarketSource,
    private readonly now: Clock = Date.now,
    private readonly base: number = now(),
  ) {}

  onFrame(listener: (frame: StreamFrame) => void): () => void {
    this.listeners.add(listener);
    if (!this.off) this.off = this.source.on((event) => this.onEvent(event));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.off) {
        this.off();
        this.off = null;
      }
    };
  }

  lastSeq(key: string): number {
    // A stream not updated yet is at the base: its first frame, base + 1, follows on.
    return this.seqs.get(key) ?? this.base;
  }

  private onEvent(event: MarketEvent): void {
    const update = updateOf(event, (key) => (this.seqs.get(key) ?? this.base) + 1, this.now());
    if (!update) return;
    const { key, message } = update;
    this.seqs.set(key, message.seq);
    const out = streamFrame(key, message.seq, encodeStream(message));
    if (fanoutProbe.on) fanoutProbe.computed(key, message.seq, out.text);
    for (const listener of [...this.listeners]) {
      try {
        listener(out);
      } catch {
        // A consumer's failure is its own.
      }
    }
  }
}

const encoders = new WeakMap<MarketSource, FrameFeed>();

/**
 * The one feed of frames of a source: a source that is a feed already (a follower's mirror) is
 * its own, any other gets one encoder however many ask (the bus publisher and the sockets' hub).
 */
export function framesOf(source: MarketSource): FrameFeed {
  if (isFrameFeed(source)) return source;
  let feed = encoders.get(source);
  if (!feed) encoders.set(source, (feed = new StreamFrames(source)));
  return feed;
}

/**
 * One feed over several sources' (a cluster's trading partitions, each with its own symbols):
 * a stream's frames come from the source its symbol is in, under that source's seqs.
 */
export function mergedFrames(parts: readonly MarketSource[], partOf: (symbol: string) => number): FrameFeed {
  const symbolOf = (key: string) => key.slice(key.indexOf('|') + 1);
  return {
    onFrame(listener) {
      const offs = parts.map((part, p) =>
        framesOf(part).onFrame((frame) => {
          if (partOf(symbolOf(frame.key)) === p) listener(frame);
        }),
      );
      return () => offs.forEach((off) => off());
    },
    lastSeq(key) {
      const part = parts[partOf(symbolOf(key))];
      return part && framesOf(part).lastSeq(key);
    },
  };
}
