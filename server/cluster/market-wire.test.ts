import { describe, expect, it } from 'vitest';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { MarketEvent } from '../market/source';
import type { StreamFrame } from '../ws/stream-frames';
import { updateOf } from '../ws/streams';
import { FrameRelay, marketText, readMarketText, type RelaySink } from './market-wire';

const ticker = (last: string, t: number): MarketEvent => ({
  type: 'ticker',
  symbol: 'THYAO',
  ticker: { symbol: 'THYAO', last, open: '1', high: '1', low: '1', prev: '1', volume: '1', turnover: '1', t },
});

/** A ticker frame as an owner of `epoch` stamps it for the bus. */
function stamped(epoch: string, last: string, seq: number): string {
  const update = updateOf(ticker(last, seq), () => seq, 0);
  if (!update) throw new Error('no frame');
  return `${epoch}\t${update.key}\t${seq}\t${encodeStream(update.message)}`;
}

function sinkOf() {
  const kept: string[] = [];
  const sink: RelaySink = {
    eager: () => false,
    apply: () => undefined,
    keep: (_key, frame) => kept.push(frame),
  };
  return { kept, sink };
}

describe("a follower's relay of the owner's frames", () => {
  it('takes the newest owner only, remembering its stamp, and refuses a stamp that is no epoch', () => {
    const relay = new FrameRelay();
    const { kept, sink } = sinkOf();
    relay.take(stamped('2', '318.00', 1), sink);
    relay.take(stamped('2', '318.25', 2), sink);
    // A former owner woken from a stop: older epoch, however many times it comes.
    relay.take(stamped('1', '96.00', 3), sink);
    relay.take(stamped('1', '96.00', 4), sink);
    expect(kept).toHaveLength(2);
    expect(relay.lastSeq('ticker|THYAO')).toBe(2);
    // Not an epoch, after a remembered one and before: nothing a follower acts on.
    relay.take(stamped('2x', '1.00', 5), sink);
    relay.take(stamped('-3', '1.00', 6), sink);
    expect(kept).toHaveLength(2);
    // A newer owner takes over; the one before it is old now.
    relay.take(stamped('3', '319.00', 7), sink);
    relay.take(stamped('2', '318.50', 8), sink);
    expect(kept).toHaveLength(3);
    expect(relay.lastSeq('ticker|THYAO')).toBe(7);
    expect(readMarketText(stamped('2x', '1.00', 5))).toBeNull();
    expect(readMarketText(marketText(undefined, '{"op":"data"}', { key: 'k', seq: 1 }))?.epoch).toBeNull();
  });

  it("hands a frame to this node's sockets under the owner's seq only while something listens", () => {
    const relay = new FrameRelay();
    const { sink } = sinkOf();
    relay.take(stamped('5', '318.00', 1), sink);
    const heard: StreamFrame[] = [];
    const off = relay.onFrame((frame) => heard.push(frame));
    relay.take(stamped('5', '318.25', 2), sink);
    off();
    relay.take(stamped('5', '318.50', 3), sink);
    expect(heard.map((f) => [f.key, f.seq])).toEqual([['ticker|THYAO', 2]]);
    expect(heard[0]!.text).toContain('"last":"318.25"');
    // The seq follows every frame, listened to or not: a snapshot taken here is at it.
    expect(relay.lastSeq('ticker|THYAO')).toBe(3);
  });
});
