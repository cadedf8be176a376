import { describe, expect, it } from 'vitest';
import { manualMarket } from './manual-market';

const SEED = 7;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

/**
 * A broker under load reads the book late: the event loop was busy, and the simulator's last tick
 * is behind the clock. An order priced on that book is executed after execute() has caught up,
 * so the book it priced on must be the caught-up one too, or a market order walks a book that has
 * moved on and fills nothing (NO_LIQUIDITY on a full BTCUSDT book, seen in a full suite run).
 */
describe(`the simulator read late (seed ${SEED})`, () => {
  it('answers a book as of now, and an order at its best ask fills', () => {
    const { sim, lag, now } = manualMarket(SEED, START);
    let unfilled = 0;
    for (let round = 0; round < 40; round++) {
      lag(1_500); // the loop was busy: 15 ticks behind
      const book = sim.book('BTCUSDT', 5)!;
      // Its time is of a tick inside the 1.5 s the loop missed, not of the last timer.
      expect(book.t).toBeGreaterThan(now() - 1_000);
      const [price, qty] = book.asks[0]!;
      const fills = sim.execute({ symbol: 'BTCUSDT', side: 'buy', qty, limit: price });
      if (fills.length === 0) unfilled++;
    }
    expect(unfilled).toBe(0);
  });
});
