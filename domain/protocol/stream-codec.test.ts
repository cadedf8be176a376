import { describe, expect, it } from 'vitest';
import { rng } from '../../tests/support/random';
import { INTERVALS } from '../market/instrument';
import { decodeFrame, encodeStream, FRAME_RE } from './stream-codec';
import { FrameKind, StreamFrame } from './stream-codec-frame';
import { FrameReader } from './stream-codec-read';
import type { StreamMessage, WireCandle, WireLevel, WireTrade } from './ws';

const SEED = 20_261_128;

/** Random messages of every channel, with the values a feed carries (decimals of any scale, empty lists). */
function messages(seed: number, n: number): StreamMessage[] {
  const random = rng(seed);
  const int = (max: number) => Math.floor(random() * max);
  const decimal = () =>
    int(3) === 0 ? String(int(1000)) : `${int(100_000)}.${String(int(10_000)).padStart(4, '0')}`;
  const head = (snap: boolean) => ({
    op: 'data' as const,
    s: ['THYAO', 'BTCUSDT', 'ASELS'][int(3)]!,
    seq: int(1e9),
    t: 1_700_000_000_000 + int(1e9),
    snap,
  });
  const level = (): WireLevel => [decimal(), int(5) === 0 ? '0' : decimal()];
  const trade = (): WireTrade => ({
    id: String(int(1e6)),
    t: 1_700_000_000_000 + int(1e6),
    price: decimal(),
    qty: decimal(),
    side: int(2) ? 'buy' : 'sell',
  });
  const bar = (): WireCandle => ({
    t: 1_700_000_000_000 + int(1e6) * 60_000,
    o: decimal(),
    h: decimal(),
    l: decimal(),
    c: decimal(),
    v: decimal(),
  });
  const many = <T>(make: () => T) => Array.from({ length: int(4) }, make);
  const out: StreamMessage[] = [];
  for (let i = 0; i < n; i++) {
    const snap = int(2) === 0;
    out.push(
      {
        ...head(snap),
        ch: 'ticker',
        last: decimal(),
        open: decimal(),
        high: decimal(),
        low: decimal(),
        prev: decimal(),
        vol: decimal(),
        turnover: decimal(),
      },
      {
        ...head(snap),
        ch: 'mark',
        mark: decimal(),
        funding: int(2) ? decimal() : null,
        nextFunding: int(2) ? 1_700_000_000_000 + int(1e6) : null,
      },
      { ...head(snap), ch: 'book', bids: many(level), asks: many(level) },
      { ...head(snap), ch: 'trades', trades: many(trade) },
      { ...head(snap), ch: `candles:${INTERVALS[int(INTERVALS.length)]!}`, bars: many(bar) },
    );
  }
  return out;
}

describe('the stream codec', () => {
  it('writes what it reads back, for every channel, as JSON writes the same message', () => {
    for (const message of messages(SEED, 200)) {
      const text = encodeStream(message);
      expect(decodeFrame(text), `seed ${SEED}: ${text}`).toEqual(message);
      // The same bytes JSON.stringify gives for the message with its keys in the codec's order.
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      expect(JSON.parse(text)).toEqual(message);
    }
  });

  it('writes every frame of the channel in the layout the fast path proves', () => {
    const layout: Record<string, RegExp> = FRAME_RE;
    for (const message of messages(SEED + 1, 200)) {
      const re = layout[message.ch] ?? FRAME_RE.candles;
      expect(re.test(encodeStream(message)), `seed ${SEED + 1}: ${message.ch}`).toBe(true);
    }
  });

  it('writes the keys in one order whatever order the message object holds them in', () => {
    const a = encodeStream({
      op: 'data',
      ch: 'trades',
      s: 'X',
      seq: 1,
      t: 2,
      snap: false,
      trades: [{ side: 'buy', qty: '1', price: '2', t: 3, id: '4' } as WireTrade],
    });
    const shuffled = JSON.parse(
      '{"trades":[{"id":"4","t":3,"price":"2","qty":"1","side":"buy"}],"snap":false,"t":2,"seq":1,"s":"X","ch":"trades","op":"data"}',
    ) as StreamMessage;
    expect(encodeStream(shuffled)).toBe(a);
    expect(a).toBe(
      '{"op":"data","ch":"trades","s":"X","seq":1,"t":2,"snap":false,"trades":[{"id":"4","t":3,"price":"2","qty":"1","side":"buy"}]}',
    );
  });
});

/** What a frame holds for its kind, as plain values (lists cut to what the frame read). */
function held(frame: StreamFrame) {
  const head = { kind: frame.kind, ch: frame.ch, s: frame.s, seq: frame.seq, snap: frame.snap };
  switch (frame.kind) {
    case FrameKind.Ticker: {
      const { t, last, open, high, low, prev, vol, turnover } = frame;
      return { ...head, t, last, open, high, low, prev, vol, turnover };
    }
    case FrameKind.Book: {
      const { prices, qtys, bids, count } = frame.levels;
      return { ...head, bids, prices: [...prices.subarray(0, count)], qtys: qtys.slice(0, count) };
    }
    case FrameKind.Trades: {
      const n = frame.trades.length;
      return { ...head, trades: [...frame.trades], steps: [...frame.tradeSteps.subarray(0, n)] };
    }
    default:
      return { ...head, bars: [...frame.bars] };
  }
}

describe("the codec's fast path", () => {
  // The generator's decimals have at most four places: every price is on the grid at scale 4.
  const SCALE = 4;
  const positive = (price: string) => Number(price) > 0;
  /** The fast path declines a zero price (a book level or a trade): the decoded path has those. */
  const readable = (m: StreamMessage) =>
    m.ch === 'book'
      ? [...m.bids, ...m.asks].every(([price]) => positive(price))
      : m.ch === 'trades'
        ? m.trades.every((trade) => positive(trade.price))
        : m.ch !== 'mark';

  it('reads every frame the encoder writes, for every channel, as the decoded message reads', () => {
    const reader = new FrameReader();
    const decoded = new StreamFrame();
    let fast = 0;
    for (const message of messages(SEED + 2, 200)) {
      const text = encodeStream(message);
      const where = `seed ${SEED + 2}: ${text}`;
      const taken = reader.head(text) && reader.body(SCALE);
      expect(taken, where).toBe(readable(message));
      const back = decodeFrame(text) as StreamMessage;
      expect(back, where).toEqual(message);
      if (back.ch === 'mark') continue;
      expect(decoded.read(back, SCALE), where).toBe(true);
      if (!taken) continue;
      fast++;
      // The decoded path reads the frame's time for every channel; the fast path keeps a ticker's only.
      expect(held(reader), where).toEqual(held(decoded));
    }
    expect(fast).toBeGreaterThan(600);
  });

  it('reads alike whichever path read the frame before: one frame object serves both', () => {
    // The worker reads every frame into one FrameReader, by its fast path or from a decoded
    // message as they come: nothing one way leaves behind may change what the other reads.
    const random = rng(SEED + 3);
    const reader = new FrameReader();
    for (const message of messages(SEED + 3, 200)) {
      if (message.ch === 'mark') continue;
      const text = encodeStream(message);
      const where = `seed ${SEED + 3}: ${text}`;
      const fresh = new StreamFrame();
      expect(fresh.read(message, SCALE), where).toBe(true);
      if (random() < 0.5 && readable(message))
        expect(reader.head(text) && reader.body(SCALE), where).toBe(true);
      else expect(reader.read(message, SCALE), where).toBe(true);
      expect(held(reader), where).toEqual(held(fresh));
    }
  });

  it('reads each channel at the scale it is given, and declines a price off that grid', () => {
    const reader = new FrameReader();
    const book = encodeStream({
      op: 'data',
      ch: 'book',
      s: 'THYAO',
      seq: 7,
      t: 1_700_000_000_000,
      snap: false,
      bids: [
        ['301.25', '5'],
        ['301.2', '0'],
      ],
      asks: [['301.50', '1.5']],
    });
    expect(reader.head(book) && reader.body(2)).toBe(true);
    expect(held(reader)).toEqual({
      kind: FrameKind.Book,
      ch: 'book',
      s: 'THYAO',
      seq: 7,
      snap: false,
      bids: 2,
      prices: [30_125, 30_120, 30_150],
      qtys: ['5', '0', '1.5'],
    });
    expect(reader.head(book) && reader.body(1)).toBe(false); // 301.25 is off a 0.1 grid
    const bars = encodeStream({
      op: 'data',
      ch: 'candles:1h',
      s: 'BTCUSDT',
      seq: 3,
      t: 1_700_000_000_000,
      snap: true,
      bars: [{ t: 1_700_000_060_500, o: '1', h: '2.5', l: '0.5', c: '1.25', v: '10.5' }],
    });
    expect(reader.head(bars) && reader.body(2)).toBe(true);
    expect(held(reader)).toMatchObject({
      kind: FrameKind.Candles,
      ch: 'candles:1h',
      bars: [{ time: 1_700_000_060, open: 1, high: 2.5, low: 0.5, close: 1.25, volume: 10.5 }],
    });
    const mark = encodeStream({
      op: 'data',
      ch: 'mark',
      s: 'BTCUSDT',
      seq: 1,
      t: 1,
      snap: true,
      mark: '1',
      funding: null,
      nextFunding: null,
    });
    expect(reader.head(mark)).toBe(false); // a mark stays a decoded message
  });
});
