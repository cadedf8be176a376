import { decodeFrame } from '../../domain/protocol/stream-codec';
import type { MarketEvent } from '../market/source';
import { eventOfFrame } from './market-wire';

/**
 * A stream's frames kept unread up to this many: a book's diffs and trades (each needed, in
 * order) are read then. Few, so a follower holds little and a takeover, which reads everything
 * waiting before it starts its market, reads little more than it would have read as it came.
 */
export const QUEUED = 16;

/**
 * The owner's frames a follower has forwarded but not read yet, by stream (`ch|symbol`). A
 * follower's sockets take the owner's bytes as they are; its mirror's state (the prices its REST
 * reads and a takeover start from) is read from them only when something reads that stream, so
 * a follower does not parse every update of every symbol for state nobody looks at. What each
 * stream keeps follows what its state needs:
 * - a quote (ticker, mark) is whole in each frame: the newest one only;
 * - a bar: the newest frame of each bar (a frame updates its bar whole), found by bisecting the
 *   queue on the bar's open time, so a queue is read in a few parses, not one a frame;
 * - a book's diffs and trades: every one, in order, read once QUEUED are waiting.
 */
export class PendingFrames {
  private readonly queues = new Map<string, string[]>();

  constructor(private readonly apply: (event: MarketEvent) => void) {}

  add(key: string, text: string): void {
    const channel = key.slice(0, key.indexOf('|'));
    if (channel === 'ticker' || channel === 'mark') {
      this.queues.set(key, [text]);
      return;
    }
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = []));
    queue.push(text);
    if (queue.length >= QUEUED) this.read(key);
  }

  /** Applies what `key` has waiting, oldest first. */
  read(key: string): void {
    const queue = this.queues.get(key);
    if (!queue) return;
    this.queues.delete(key);
    const events = key.startsWith('candles:') ? newestOfEachBar(queue) : queue.map(eventOf);
    for (const event of events) if (event) this.apply(event);
  }

  /** Applies everything waiting (a takeover, a snapshot, a listener that wants every event). */
  readAll(): void {
    for (const key of [...this.queues.keys()]) this.read(key);
  }
}

function eventOf(text: string): MarketEvent | null {
  const message = decodeFrame(text);
  return message !== null && message.op === 'data' ? eventOfFrame(message) : null;
}

/**
 * The newest frame of each bar in a queue of one candle stream's frames, oldest first. Bars open
 * in time order, so the frames of one bar are adjacent: the last frame of the newest bar ends the
 * queue, and the frame before the first of that bar ends the one before.
 */
function newestOfEachBar(queue: readonly string[]): MarketEvent[] {
  const read = new Map<number, MarketEvent | null>();
  const eventAt = (i: number): MarketEvent | null => {
    if (!read.has(i)) read.set(i, eventOf(queue[i]!));
    return read.get(i) ?? null;
  };
  // A frame that is not a bar sorts first: it is never kept for a bar.
  const openAt = (i: number): number => {
    const event = eventAt(i);
    return event?.type === 'candle' ? event.candle.t : -Infinity;
  };
  const kept: MarketEvent[] = [];
  let last = queue.length - 1;
  while (last >= 0) {
    const t = openAt(last);
    if (t === -Infinity) {
      last--;
      continue;
    }
    kept.push(eventAt(last)!);
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (openAt(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    last = lo - 1;
  }
  return kept.reverse();
}
