import { describe, expect, it } from 'vitest';
import type { BookSnapshot } from '../../domain/protocol/market';
import { readOnlyExecutor, walkSnapshot } from './walk-book';

const book = (seq: number): BookSnapshot => ({
  symbol: 'BTCUSDT',
  seq,
  t: 0,
  bids: [['99', '1']],
  asks: [
    ['100', '1'],
    ['101', '2'],
  ],
});

describe('fills against a book we cannot move', () => {
  it('walks levels best first, never past the limit', () => {
    const fills = walkSnapshot(
      book(1),
      { symbol: 'BTCUSDT', side: 'buy', qty: '2.5', limit: '101' },
      5,
      () => 'f',
    );
    expect(fills.map((f) => [f.price, f.qty])).toEqual([
      ['100', '1'],
      ['101', '1.5'],
    ]);
    expect(
      walkSnapshot(book(1), { symbol: 'BTCUSDT', side: 'buy', qty: '2', limit: '99.5' }, 5, () => 'f'),
    ).toEqual([]);
  });

  it('never fills the same shown quantity twice before the book updates', () => {
    let current = book(1);
    const execute = readOnlyExecutor(
      () => current,
      () => 7,
      'X',
    );
    const first = execute({ symbol: 'BTCUSDT', side: 'buy', qty: '2', limit: null });
    expect(first.map((f) => [f.tradeId, f.price, f.qty])).toEqual([
      ['X1', '100', '1'],
      ['X2', '101', '1'],
    ]);
    // Only 1 of 101 is left; nothing at 100.
    const second = execute({ symbol: 'BTCUSDT', side: 'buy', qty: '5', limit: null });
    expect(second.map((f) => [f.price, f.qty])).toEqual([['101', '1']]);
    expect(execute({ symbol: 'BTCUSDT', side: 'buy', qty: '1', limit: null })).toEqual([]);
    // The other side is untouched; a new book (next seq) shows fresh liquidity.
    expect(execute({ symbol: 'BTCUSDT', side: 'sell', qty: '1', limit: null }).map((f) => f.qty)).toEqual([
      '1',
    ]);
    current = book(2);
    expect(execute({ symbol: 'BTCUSDT', side: 'buy', qty: '1', limit: null }).map((f) => f.price)).toEqual([
      '100',
    ]);
  });
});
