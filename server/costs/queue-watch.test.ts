import { describe, expect, it } from 'vitest';
import type { MarketSource } from '../market/source';
import { aheadOf, crossingAt, QueueWatch } from './queue-watch';

const print = (id: string, price: string, qty: string) => ({ id, t: 0, price, qty, side: 'sell' as const });

/** A source whose book is all that is read. */
const bookOnly = (bids: [string, string][], asks: [string, string][]) =>
  ({ book: (symbol: string) => ({ symbol, seq: 1, t: 0, bids, asks }) }) as unknown as MarketSource;

describe('a resting order’s place in the queue', () => {
  const buy = { id: 1n, symbol: 'BTCUSDT', side: 'buy' as const, price: '100' };

  it('queues behind what the book showed at its price, none where no level is', () => {
    const market = bookOnly(
      [
        ['101', '1'],
        ['100', '2.5'],
        ['99', '4'],
      ],
      [['102', '1']],
    );
    expect(aheadOf(market, buy)).toEqual({ ahead: '2.5', known: true });
    expect(aheadOf(market, { ...buy, price: '99.5' })).toEqual({ ahead: '0', known: true });
  });

  it('counts prints at its price past what was ahead, leaves its own fills out, and a print through fills it', () => {
    const watch = new QueueWatch();
    watch.watch(buy, { ahead: '2.5', known: true });
    // 2 at 100 (1 before it, in the queue), 0.7 above the bid (no help), then 1.5 at 100: 1 past the queue.
    watch.hear('BTCUSDT', [print('a', '100', '2'), print('b', '100.5', '0.7')]);
    watch.hear('BTCUSDT', [print('c', '100', '1.5')]);
    watch.hear('ETHUSDT', [print('d', '100', '9')]);
    expect(watch.reached(1n, [], '0')).toEqual({ reached: '1', known: true });
    // Its own paper fill was one of the prints: left out.
    expect(watch.reached(1n, ['c'], '0')).toEqual({ reached: '0', known: true });
    watch.hear('BTCUSDT', [print('e', '99.9', '0.1')]);
    expect(watch.reached(1n, [], '0')).toEqual({ reached: null, known: true });
  });

  it('an order it does not follow has an unknown place', () => {
    const watch = new QueueWatch();
    expect(watch.reached(7n, [], '0')).toEqual({ reached: null, known: false });
    watch.watch(buy, { ahead: '0', known: true });
    watch.forget(1n);
    expect(watch.has(1n)).toBe(false);
  });

  it('counts the other side offered at or through its price as traded there, its own fills included', () => {
    // A bid at 100: asks at 99.5 (0.2 left) and 100 (0.3) reach it, 100.5 does not; it took 0.1 itself.
    const market = bookOnly(
      [],
      [
        ['99.5', '0.2'],
        ['100', '0.3'],
        ['100.5', '5'],
      ],
    );
    expect(crossingAt(market, buy, '0.1')).toBe('0.6');
    const watch = new QueueWatch();
    watch.watch(buy, { ahead: '1', known: true });
    watch.hear('BTCUSDT', [print('a', '100', '0.7')]);
    // 0.7 printed + 0.6 crossing − 1 ahead = 0.3.
    expect(watch.reached(1n, [], '0.6')).toEqual({ reached: '0.3', known: true });
  });
});
