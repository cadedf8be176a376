import { describe, expect, it } from 'vitest';
import { isDecimal, decodeFrame } from './market-stream-parse';

const stream = { op: 'data', s: 'THYAO', seq: 7, t: 1, snap: false };
const ticker = {
  ...stream,
  ch: 'ticker',
  last: '310.50',
  open: '300',
  high: '311',
  low: '299.5',
  prev: '301',
  vol: '12',
  turnover: '3600.5',
};
const book = { ...stream, ch: 'book', bids: [['310.4', '5']], asks: [['310.6', '0']] };
const trades = {
  ...stream,
  ch: 'trades',
  trades: [{ id: '1', t: 2, price: '310.5', qty: '3', side: 'buy' }],
};
const candles = {
  ...stream,
  ch: 'candles:1h',
  bars: [{ t: 0, o: '1', h: '2', l: '0.5', c: '1.5', v: '10' }],
};
const mark = { ...stream, ch: 'mark', mark: '65000.1', funding: null, nextFunding: null };

describe('decodeFrame', () => {
  it('reads every valid server frame as it is', () => {
    for (const frame of [
      ticker,
      book,
      trades,
      candles,
      mark,
      { op: 'hb', t: 5 },
      { op: 'pong', ts: 5 },
      { op: 'pong', ts: 5, echo: 3 },
      { op: 'subscribed', ch: 'book', symbol: 'THYAO' },
      { op: 'unsubscribed', ch: 'messages' },
      { op: 'authed', userId: '100001' },
      { op: 'error', key: 'UNKNOWN_SYMBOL', msg: 'unknown', ch: 'book', symbol: 'NOPE' },
      { op: 'private', ch: 'orders', seq: 1, t: 2, data: { any: 'thing' } },
    ]) {
      expect(decodeFrame(JSON.stringify(frame))).toEqual(frame);
    }
  });

  it('returns null for bad JSON and for frames of the wrong shape, never throwing', () => {
    const bad: unknown[] = [
      { ...ticker, last: 310.5 },
      { ...ticker, last: '31O.5' },
      { ...ticker, last: '1.' },
      { ...ticker, last: '.5' },
      { ...ticker, vol: undefined },
      { ...ticker, seq: '7' },
      { ...ticker, seq: -1 },
      { ...ticker, seq: 1.5 },
      { ...ticker, snap: 'no' },
      { ...ticker, s: '' },
      { ...ticker, ch: 'candles:2m', bars: [] },
      { ...book, bids: [['1', '2', '3']] },
      { ...book, asks: [[1, '2']] },
      { ...book, bids: 'none' },
      { ...trades, trades: [{ id: 1, t: 2, price: '1', qty: '1', side: 'buy' }] },
      { ...trades, trades: [{ id: '1', t: 2, price: '1', qty: '1', side: 'long' }] },
      { ...candles, bars: [{ t: '0', o: '1', h: '2', l: '0.5', c: '1.5', v: '10' }] },
      { ...mark, funding: 0.01 },
      { op: 'error', key: 'SOMETHING', msg: 'x' },
      { op: 'private', ch: 'book', seq: 1, t: 2, data: null },
      { op: 'hb' },
      { op: 'pong', ts: 5, echo: '3' },
      { op: 'nope' },
      null,
      42,
      'text',
      [],
    ];
    for (const frame of bad) expect(decodeFrame(JSON.stringify(frame)), JSON.stringify(frame)).toBeNull();
    for (const text of ['', '{', '{"op":"hb","t":1', 'undefined', '{"op":"hb","t":1}}'])
      expect(decodeFrame(text)).toBeNull();
  });

  it('accepts canonical decimals only', () => {
    for (const ok of ['0', '12', '-3', '12.340', '0.00000001']) expect(isDecimal(ok), ok).toBe(true);
    for (const no of ['', '-', '1.', '.1', '1e5', ' 1', '1,5', '+1', 'NaN', 5])
      expect(isDecimal(no), String(no)).toBe(false);
  });
});
