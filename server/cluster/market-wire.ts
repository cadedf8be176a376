import { decodeFrame } from '../../domain/protocol/stream-codec';
import type { StreamMessage } from '../../domain/protocol/ws';
import { decode } from '../bus/bus';
import type { MarketEvent } from '../market/source';
import { streamFrame, type FrameFeed, type StreamFrame } from '../ws/stream-frames';
import { candleInterval, streamKey } from '../ws/streams';

// How the owner's market crosses the bus (SUBJECTS.market): one text a message, the owner's
// epoch, a tab, then either a stream frame exactly as the owner's sockets get it, after its
// stream's key and seq (tab after each), or (an event that is no stream's: a market's status) the
// event as JSON. Followers forward a frame's bytes to their sockets under that key and seq
// without reading the frame, and read their mirror's state from the same frame when it is read.

const SEPARATOR = '\t';
const FRAME_START = '{"op":"data"';

/**
 * `epoch` absent: an owner that takes no epoch (a test's); followers then take every message.
 * `stream`: the frame's stream key and seq, which the follower forwards it under.
 */
export function marketText(
  epoch: bigint | undefined,
  body: string,
  stream?: { key: string; seq: number },
): string {
  const head = `${epoch === undefined ? '' : String(epoch)}${SEPARATOR}`;
  return stream ? `${head}${stream.key}${SEPARATOR}${stream.seq}${SEPARATOR}${body}` : `${head}${body}`;
}

export type MarketText = {
  epoch: bigint | null;
  frame: string | null;
  json: string | null;
  /** A frame's stream as the owner stamped it (null: read it from the frame). */
  stream: { key: string; seq: number } | null;
};

/** An epoch stamp read: null when absent, undefined when it is no epoch. */
function epochOfStamp(stamp: string): bigint | null | undefined {
  if (stamp === '') return null;
  return /^\d+$/.test(stamp) ? BigInt(stamp) : undefined;
}

/**
 * Splits a bus text; null when it is not one (nothing a follower should act on). `epochOf` reads
 * the stamp (a follower's relay remembers the last one: every message of an owner carries the same).
 */
export function readMarketText(
  text: string,
  epochOf: (stamp: string) => bigint | null | undefined = epochOfStamp,
): MarketText | null {
  const at = text.indexOf(SEPARATOR);
  if (at < 0) return null;
  const epoch = epochOf(text.slice(0, at));
  if (epoch === undefined) return null;
  let body = text.slice(at + 1);
  let stream: MarketText['stream'] = null;
  if (!body.startsWith('{')) {
    const keyEnd = body.indexOf(SEPARATOR);
    const seqEnd = body.indexOf(SEPARATOR, keyEnd + 1);
    const seq = Number(body.slice(keyEnd + 1, seqEnd));
    if (keyEnd < 0 || seqEnd < 0 || !Number.isSafeInteger(seq)) return null;
    stream = { key: body.slice(0, keyEnd), seq };
    body = body.slice(seqEnd + 1);
  }
  return body.startsWith(FRAME_START)
    ? { epoch, frame: body, json: null, stream }
    : { epoch, frame: null, json: body, stream: null };
}

/** The source event a stream update frame was written from: what the mirror's state takes. */
export function eventOfFrame(m: StreamMessage): MarketEvent | null {
  switch (m.ch) {
    case 'ticker': {
      const { s: symbol, last, open, high, low, prev, vol: volume, turnover, t } = m;
      return { type: 'ticker', symbol, ticker: { symbol, last, open, high, low, prev, volume, turnover, t } };
    }
    case 'mark':
      return {
        type: 'mark',
        symbol: m.s,
        mark: { symbol: m.s, mark: m.mark, funding: m.funding, nextFunding: m.nextFunding, t: m.t },
      };
    case 'trades':
      return { type: 'trades', symbol: m.s, trades: m.trades };
    case 'book':
      return { type: 'book', symbol: m.s, seq: m.seq, t: m.t, bids: m.bids, asks: m.asks };
    default: {
      const interval = candleInterval(m.ch);
      const candle = m.bars[0];
      return interval && candle && m.bars.length === 1
        ? { type: 'candle', symbol: m.s, interval, candle }
        : null;
    }
  }
}

/** Where a follower's mirror takes the owner's messages: read now, or kept for when read. */
export type RelaySink = {
  /** Whether every event is wanted as it comes (a listener follows the mirror's events). */
  eager(): boolean;
  apply(event: MarketEvent): void;
  /** A frame of stream `key`, to be read when that stream's state is. */
  keep(key: string, frame: string): void;
};

/**
 * A follower's side of the owner's messages: a frame's bytes handed on to this node's sockets
 * under the owner's seq, and the frame itself to the mirror (read at once only when the sink
 * wants every event, or the owner did not stamp its stream).
 */
export class FrameRelay implements FrameFeed {
  private readonly listeners = new Set<(frame: StreamFrame) => void>();
  /** Each stream's latest seq as the owner numbered it: a snapshot taken here is at it. */
  private readonly seqs = new Map<string, number>();
  /** The epoch of the newest owner heard from (market-owner.ts stamps its messages). */
  private ownerEpoch: bigint | null = null;
  /** The last stamp read and its epoch: an owner stamps thousands of messages a second alike. */
  private lastStamp = '';
  private lastEpoch: bigint | null = null;
  private readonly epochOf = (stamp: string): bigint | null | undefined => {
    if (stamp === this.lastStamp) return this.lastEpoch;
    const epoch = epochOfStamp(stamp);
    if (epoch !== undefined) {
      this.lastStamp = stamp;
      this.lastEpoch = epoch;
    }
    return epoch;
  };

  take(text: string, sink: RelaySink): void {
    const read = readMarketText(text, this.epochOf);
    if (!read) return;
    // The newest owner's messages only: a former owner woken from a stop (SIGSTOP, a paused VM)
    // prints the ticks it missed before it hears it lost the partition, at its old prices.
    if (read.epoch !== null) {
      if (this.ownerEpoch !== null && read.epoch < this.ownerEpoch) return;
      this.ownerEpoch = read.epoch;
    }
    if (read.frame === null) {
      const event = decode(read.json ?? 'null') as MarketEvent | null;
      if (event !== null && typeof event === 'object') sink.apply(event);
      return;
    }
    let stream = read.stream;
    if (stream === null || sink.eager()) {
      const message = decodeFrame(read.frame);
      if (message === null || message.op !== 'data') return;
      const event = eventOfFrame(message);
      if (event) sink.apply(event);
      stream ??= { key: streamKey(message.ch, message.s), seq: message.seq };
    } else sink.keep(stream.key, read.frame);
    this.seqs.set(stream.key, stream.seq);
    // Most of the time no socket on this node follows the market at all.
    if (this.listeners.size === 0) return;
    const out = streamFrame(stream.key, stream.seq, read.frame);
    for (const listener of [...this.listeners]) {
      try {
        listener(out);
      } catch {
        // A consumer's failure is its own.
      }
    }
  }

  onFrame(listener: (frame: StreamFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  lastSeq(key: string): number | undefined {
    return this.seqs.get(key);
  }
}
