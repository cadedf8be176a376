import { decodeFrame } from '../../domain/protocol/stream-codec';
import type { StreamMessage } from '../../domain/protocol/ws';
import { decode } from '../bus/bus';
import type { MarketEvent } from '../market/source';
import { streamFrame, type FrameFeed, type StreamFrame } from '../ws/stream-frames';
import { candleInterval, streamKey } from '../ws/streams';

// How the owner's market crosses the bus (SUBJECTS.market): one text a message, the owner's
// epoch, a tab, then either a stream frame exactly as the owner's sockets get it, or (an event
// that is no stream's: a market's status) the event as JSON. Followers forward a frame's bytes to
// their sockets and read their mirror's state from the same frame, once.

const SEPARATOR = '\t';
const FRAME_START = '{"op":"data"';

/** `epoch` absent: an owner that takes no epoch (a test's); followers then take every message. */
export function marketText(epoch: bigint | undefined, body: string): string {
  return `${epoch === undefined ? '' : String(epoch)}${SEPARATOR}${body}`;
}

export type MarketText = { epoch: bigint | null; frame: string | null; json: string | null };

/** Splits a bus text; null when it is not one (nothing a follower should act on). */
export function readMarketText(text: string): MarketText | null {
  const at = text.indexOf(SEPARATOR);
  if (at < 0) return null;
  const stamp = text.slice(0, at);
  if (stamp !== '' && !/^\d+$/.test(stamp)) return null;
  const body = text.slice(at + 1);
  const epoch = stamp === '' ? null : BigInt(stamp);
  return body.startsWith(FRAME_START)
    ? { epoch, frame: body, json: null }
    : { epoch, frame: null, json: body };
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

/**
 * A follower's side of the owner's messages: each is read once, its event applied to the
 * mirror's state, and a frame's bytes handed on to this node's sockets under the owner's seq.
 */
export class FrameRelay implements FrameFeed {
  private readonly listeners = new Set<(frame: StreamFrame) => void>();
  /** Each stream's latest seq as the owner numbered it: a snapshot taken here is at it. */
  private readonly seqs = new Map<string, number>();
  /** The epoch of the newest owner heard from (market-owner.ts stamps its messages). */
  private ownerEpoch: bigint | null = null;

  /** One message of the owner's: its event to `apply` (the mirror's state) first, then its frame. */
  take(text: string, apply: (event: MarketEvent) => void): void {
    const read = readMarketText(text);
    if (!read) return;
    // The newest owner's messages only: a former owner woken from a stop (SIGSTOP, a paused VM)
    // prints the ticks it missed before it hears it lost the partition, at its old prices.
    if (read.epoch !== null) {
      if (this.ownerEpoch !== null && read.epoch < this.ownerEpoch) return;
      this.ownerEpoch = read.epoch;
    }
    if (read.frame === null) {
      const event = decode(read.json ?? 'null') as MarketEvent | null;
      if (event !== null && typeof event === 'object') apply(event);
      return;
    }
    const message = decodeFrame(read.frame);
    if (message === null || message.op !== 'data') return;
    const event = eventOfFrame(message);
    if (event) apply(event);
    const key = streamKey(message.ch, message.s);
    this.seqs.set(key, message.seq);
    const out = streamFrame(key, message.seq, read.frame);
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
