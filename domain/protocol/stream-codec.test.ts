import { describe, expect, it } from 'vitest';
import { rng } from '../../tests/support/random';
import { INTERVALS } from '../market/instrument';
import {
  BOOK_FRAME_RE,
  CANDLES_FRAME_RE,
  decodeFrame,
  encodeStream,
  TICKER_FRAME_RE,
  TRADES_FRAME_RE,
} from './stream-codec';
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

  it("writes every frame of the fast path's channels in the layout the fast path proves", () => {
    const layout: Record<string, RegExp> = {
      ticker: TICKER_FRAME_RE,
      book: BOOK_FRAME_RE,
      trades: TRADES_FRAME_RE,
    };
    for (const message of messages(SEED + 1, 200)) {
      if (message.ch === 'mark') continue;
      const re = layout[message.ch] ?? CANDLES_FRAME_RE;
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
