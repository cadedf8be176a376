import { describe, expect, it } from 'vitest';
import { parseServerFrame } from '../domain/protocol/market-stream-parse';
import { FeedSim } from '../tests/support/feed-sim';
import { rng, seedFromEnv } from '../tests/support/random';
import { scanStreamFrame } from './frame-scan';

const SYMBOLS = [
  { symbol: 'THYAO', scale: 2, mid: 30_000 },
  { symbol: 'BTCUSDT', scale: 1, mid: 650_000 },
];

/** What the scanner may do with any text: decline, or return exactly parseServerFrame's message. */
function expectAgrees(text: string, context: string): 'fast' | 'declined' {
  const fast = scanStreamFrame(text);
  if (fast === undefined) return 'declined';
  const slow = parseServerFrame(text);
  expect(slow, `${context}: the scanner accepted what parseServerFrame rejects: ${text}`).not.toBeNull();
  expect(fast, `${context}: ${text}`).toEqual(slow);
  return 'fast';
}

const mark = JSON.stringify({
  op: 'data',
  ch: 'mark',
  s: 'BTCUSDT',
  seq: 7,
  t: 1_700_000_000_000,
  snap: false,
  mark: '65000.1',
  funding: null,
  nextFunding: 1_700_000_100_000,
});

describe('scanStreamFrame (the hot path of the worker)', () => {
  it('reads every stream frame of a recorded session exactly as parseServerFrame does', () => {
    const frames = new FeedSim(7, SYMBOLS, { timers: false }).record(400);
    let fast = 0;
    for (const frame of frames) {
      const verdict = expectAgrees(frame, 'recorded');
      if (verdict === 'fast') fast++;
      else expect(JSON.parse(frame)).toMatchObject({ op: 'hb' });
    }
    expect(fast).toBeGreaterThan(frames.length * 0.9);
    expect(expectAgrees(mark, 'mark')).toBe('fast');
  });

  it('takes keys in any order, and leaves other shapes to parseServerFrame', () => {
    const ticker = {
      op: 'data',
      ch: 'ticker',
      s: 'THYAO',
      seq: 3,
      t: 10,
      snap: true,
      last: '301.25',
      open: '300.00',
      high: '302.00',
      low: '299.50',
      prev: '300.00',
      vol: '1000',
      turnover: '301000',
    };
    const reversed = Object.fromEntries(Object.entries(ticker).reverse());
    expect(expectAgrees(JSON.stringify(reversed), 'reversed')).toBe('fast');
    const declined = [
      JSON.stringify({ ...ticker, extra: 1 }),
      JSON.stringify({ ...ticker, s: 'TH\\YAO' }),
      JSON.stringify({ ...ticker, t: 1.5 }),
      JSON.stringify({ ...ticker, seq: -1 }),
      JSON.stringify(ticker, null, 1),
      JSON.stringify({ ...ticker, ch: 'candles:2m' }),
      JSON.stringify({ ...ticker, last: '1e3' }),
      JSON.stringify({ op: 'hb', t: 1 }),
      JSON.stringify(ticker).replace('"seq":3', '"seq":3,"seq":4'),
      JSON.stringify(ticker).slice(0, -1),
      `${JSON.stringify(ticker)} `,
    ];
    for (const text of declined) expect(scanStreamFrame(text), text).toBeUndefined();
  });

  it("reads our server's own layout of every channel by its shortcuts, with the hand reader's limits", () => {
    const head = { op: 'data', s: 'THYAO', seq: 0, t: 1_700_000_000_000, snap: true };
    const frames = [
      {
        ...head,
        ch: 'ticker',
        last: '-0',
        open: '1',
        high: '12.5',
        low: '0.01',
        prev: '3',
        vol: '0',
        turnover: '9',
      },
      { ...head, ch: 'book', seq: 999_999_999_999_999, bids: [['301.25', '10']], asks: [] },
      {
        ...head,
        ch: 'book',
        snap: false,
        bids: [],
        asks: [
          ['1', '0'],
          ['2.5', '7.25'],
        ],
      },
      {
        ...head,
        ch: 'trades',
        trades: [
          { id: '', t: 0, price: '1.5', qty: '2', side: 'buy' },
          { id: 'é-7', t: 12, price: '1', qty: '0.5', side: 'sell' },
        ],
      },
      ...['1m', '15m', '30m', '1w'].map((interval) => ({
        ...head,
        ch: `candles:${interval}`,
        bars: [
          { t: 60_000, o: '1', h: '2', l: '0.5', c: '1.5', v: '10' },
          { t: 120_000, o: '1.5', h: '1.5', l: '1.5', c: '1.5', v: '0' },
        ],
      })),
    ];
    for (const frame of frames) {
      const text = JSON.stringify(frame);
      expect(scanStreamFrame(text), text).toEqual(frame);
      expect(expectAgrees(text, 'own layout')).toBe('fast');
    }
    // isDecimal's bound: 40 characters pass, 41 don't, wherever the decimal is.
    const long = '1'.repeat(40);
    const longer = `${long}1`;
    const ticker = frames[0]!;
    expect(expectAgrees(JSON.stringify({ ...ticker, vol: long }), '40 digits')).toBe('fast');
    expect(scanStreamFrame(JSON.stringify({ ...ticker, vol: longer }))).toBeUndefined();
    expect(scanStreamFrame(JSON.stringify({ ...frames[1], bids: [['1', longer]] }))).toBeUndefined();
    expect(
      scanStreamFrame(
        JSON.stringify({ ...frames[3], trades: [{ id: 'a', t: 1, price: longer, qty: '1', side: 'buy' }] }),
      ),
    ).toBeUndefined();
    expect(
      scanStreamFrame(
        JSON.stringify({ ...frames[4], bars: [{ t: 1, o: '1', h: '1', l: '1', c: '1', v: longer }] }),
      ),
    ).toBeUndefined();
    // 16 digits are beyond the scanner: left to parseServerFrame.
    expect(scanStreamFrame(JSON.stringify({ ...ticker, t: 1_000_000_000_000_000 }))).toBeUndefined();
  });

  it('never disagrees with parseServerFrame on seeded corruptions of real frames', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const frames = [...new FeedSim(seed, SYMBOLS, { timers: false }).record(60), mark];
    const alphabet = '{}[]:,"\\ .-0123456789eEtrufalsnbdkcdhy';
    const tally = { fast: 0, declined: 0 };
    for (let run = 0; run < 20_000; run++) {
      let text = frames[Math.floor(random() * frames.length)]!;
      const edits = 1 + Math.floor(random() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * text.length);
        const char = alphabet[Math.floor(random() * alphabet.length)]!;
        const kind = random();
        if (kind < 0.35) text = text.slice(0, at) + text.slice(at + 1);
        else if (kind < 0.7) text = text.slice(0, at) + char + text.slice(at);
        else text = text.slice(0, at) + char + text.slice(at + 1);
      }
      tally[expectAgrees(text, `seed ${seed}, run ${run}`)]++;
    }
    // Both outcomes must actually happen, or the test proves nothing.
    expect(tally.fast, `seed ${seed}`).toBeGreaterThan(100);
    expect(tally.declined, `seed ${seed}`).toBeGreaterThan(100);
  });
});
