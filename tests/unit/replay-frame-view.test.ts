import { describe, expect, it } from 'vitest';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { StreamMessage } from '../../domain/protocol/ws';
import { applyFrames, bestLevels } from '../../src/screens/replay/frame-view';

const head = <C extends StreamMessage['ch']>(ch: C, seq: number, snap: boolean) => ({
  op: 'data' as const,
  ch,
  s: 'BTCUSDT',
  seq,
  t: 1_000 + seq,
  snap,
});

/** The replay screen's view of its frames: what the codec wrote is what it shows. */
describe('the replay frames applied to the screen', () => {
  it('starts from snapshots, then takes updates: levels by absolute quantity, trades appended, the ticker whole', () => {
    const frames = [
      encodeStream({
        ...head('book', 1, true),
        bids: [
          ['100.00', '1'],
          ['99.50', '2'],
        ],
        asks: [['100.50', '3']],
      }),
      encodeStream({
        ...head('trades', 1, true),
        trades: [{ id: 'a', t: 1_001, price: '100.00', qty: '1', side: 'sell' }],
      }),
      encodeStream({
        ...head('ticker', 1, true),
        last: '100.00',
        open: '99.00',
        high: '101.00',
        low: '98.00',
        prev: '99.00',
        vol: '10',
        turnover: '1000',
      }),
      encodeStream({
        ...head('book', 2, false),
        bids: [
          ['100.00', '0'],
          ['99.80', '4'],
        ],
        asks: [],
      }),
      encodeStream({
        ...head('trades', 2, false),
        trades: [{ id: 'b', t: 1_002, price: '100.50', qty: '2', side: 'buy' }],
      }),
      'not a frame',
    ];
    const view = applyFrames({}, frames).BTCUSDT!;
    expect(bestLevels(view.bids, true)).toEqual([
      ['99.80', '4'],
      ['99.50', '2'],
    ]);
    expect(bestLevels(view.asks, false)).toEqual([['100.50', '3']]);
    expect(view.trades.map((t) => t.id)).toEqual(['a', 'b']);
    expect([view.last, view.prev]).toEqual(['100.00', '99.00']);

    // A snapshot after a jump replaces the book and the tape whole.
    const jumped = applyFrames({ BTCUSDT: view }, [
      encodeStream({ ...head('book', 9, true), bids: [['90.00', '1']], asks: [['91.00', '1']] }),
      encodeStream({ ...head('trades', 9, true), trades: [] }),
    ]).BTCUSDT!;
    expect([bestLevels(jumped.bids, true), bestLevels(jumped.asks, false), jumped.trades]).toEqual([
      [['90.00', '1']],
      [['91.00', '1']],
      [],
    ]);
  });
});
