import { describe, expect, it } from 'vitest';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { StreamMessage } from '../../domain/protocol/ws';
import { spread, stageDelays, stepLines } from './fanout-probe-summary';
import { marketText } from '../cluster/market-wire';
import { createFanoutProbe } from './fanout-probe';
import { sharedFrame } from './frame';

const ticker = (symbol: string, seq: number, t: number): string =>
  encodeStream({
    op: 'data',
    ch: 'ticker',
    s: symbol,
    seq,
    t,
    snap: false,
    last: '10.5',
    open: '10',
    high: '11',
    low: '9.5',
    prev: '10',
    vol: '100',
    turnover: '1050',
  } as StreamMessage);

describe('the fan-out probe', () => {
  it("times one stream's update at each stage on the probe's clock, and only that stream's", () => {
    let now = 1_000;
    const probe = createFanoutProbe('ticker|BNC001', () => now);
    const text = ticker('BNC001', 7, 990);
    const other = ticker('BNC0010', 7, 990);

    now = 1_002;
    probe.computed('ticker|BNC001', 7, text);
    probe.computed('ticker|BNC0010', 7, other);
    // The bus carries a turn's frames as lines, each after its key and seq.
    const message = [
      marketText(3n, other, { key: 'ticker|BNC0010', seq: 7 }),
      marketText(3n, text, { key: 'ticker|BNC001', seq: 7 }),
    ].join('\n');
    now = 1_010;
    probe.sent(message);
    now = 1_015;
    probe.received(message);
    probe.received(message); // a second read keeps the first time
    const frame = sharedFrame(text);
    const untracked = sharedFrame(other);
    now = 1_020;
    probe.delivered('ticker|BNC001', 7, frame);
    probe.delivered('ticker|BNC0010', 7, untracked);
    now = 1_021;
    probe.wrote([untracked, frame]);
    now = 1_030;
    probe.wrote([frame]);
    probe.wrote([untracked]);

    const { records } = probe.take();
    expect(records).toEqual([
      {
        seq: 7,
        t: 990,
        computed: 1_002,
        published: 1_010,
        read: 1_015,
        delivered: 1_020,
        firstWrite: 1_021,
        lastWrite: 1_030,
        writes: 2,
      },
    ]);
    // A take starts over.
    expect(probe.take().records).toEqual([]);
  });

  it("turns records into each stage's delay after the source time, p50 / p99", () => {
    const delays = stageDelays([
      { seq: 1, t: 100, computed: 104, firstWrite: 130, lastWrite: 160, writes: 3 },
      { seq: 2, t: 200, read: 215, firstWrite: 220, lastWrite: 240, writes: 3 },
    ]);
    expect(delays.computed).toEqual([4]);
    expect(delays.read).toEqual([15]);
    expect(delays.firstWrite).toEqual([30, 20]);
    expect(delays.lastWrite).toEqual([60, 40]);
    expect(delays.published).toEqual([]);
    // 100 values 1..100: p50 is the 51st (index 50), p99 the 100th.
    expect(spread(Array.from({ length: 100 }, (_, i) => 100 - i))).toBe('51.0 / 100.0');
    expect(spread([])).toBe('–');
  });

  it("joins a follower's steps to the owner's publish by seq", () => {
    const empty = {
      gc: { count: 0, totalMs: 0, maxMs: 0, majorMs: 0, durations: [] },
      loopDelay: { p50: 0, p99: 0, max: 0 },
    };
    const owner = {
      ...empty,
      records: [
        {
          seq: 5,
          t: 100,
          computed: 103,
          published: 110,
          delivered: 103,
          firstWrite: 112,
          lastWrite: 140,
          writes: 2,
        },
      ],
    };
    const follower = {
      ...empty,
      records: [{ seq: 5, t: 100, read: 118, delivered: 119, firstWrite: 121, lastWrite: 150, writes: 2 }],
    };
    expect(stepLines([follower, owner])).toEqual([
      'node 0 (follower): bus hop 8.0 / 8.0, read to hub 1.0 / 1.0, hub to first write 2.0 / 2.0, first to last write 29.0 / 29.0',
      'node 1 (owner): source time to computed 3.0 / 3.0, to the rest of the tick 7.0 / 7.0, to its own hub 0.0 / 0.0, hub to first write 9.0 / 9.0, first to last write 28.0 / 28.0',
    ]);
    expect(stepLines([follower])).toEqual(['no owner computed the stream in the window']);
  });
});
