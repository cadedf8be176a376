import { describe, expect, it } from 'vitest';
import { onOneState } from '../source';
import { manualMarket } from './manual-market';

const SEED = 7;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
// The one book these tests read: every late read catches the whole market up, and the whole
// catalogue's ticks were most of the file's CPU.
const ONLY = ['BTCUSDT'];

/**
 * A broker under load reads the book late: the event loop was busy, and the simulator's last tick
 * is behind the clock. An order priced on that book is executed after execute() has caught up,
 * so the book it priced on must be the caught-up one too, or a market order walks a book that has
 * moved on and fills nothing (NO_LIQUIDITY on a full BTCUSDT book, seen in a full suite run).
 */
describe(`the simulator read late (seed ${SEED})`, () => {
  it('answers a book as of now, and an order at its best ask fills', () => {
    const { sim, lag, now } = manualMarket(SEED, START, ONLY);
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

/**
 * The same race inside one synchronous run: the broker prices a market order on the book, then
 * executes it limited to the planned worst level, and the clock crossed a tick boundary between
 * the two (the contract journey's open failed with NO_LIQUIDITY about once in twenty). Pinned,
 * the two reads see one tick.
 */
describe(`an order priced and executed across a tick boundary (seed ${SEED})`, () => {
  const rounds = (pinned: boolean) => {
    const { sim, lag } = manualMarket(SEED, START, ONLY);
    let unfilled = 0;
    for (let round = 0; round < 40; round++) {
      lag(250);
      const run = () => {
        const [price, qty] = sim.book('BTCUSDT', 5)!.asks[0]!;
        lag(100); // a tick boundary passes while the order is checked
        return sim.execute({ symbol: 'BTCUSDT', side: 'buy', qty, limit: price });
      };
      if ((pinned ? onOneState(sim, run) : run()).length === 0) unfilled++;
    }
    return unfilled;
  };

  it('fills every time on one pinned state of the market', () => {
    expect(rounds(true)).toBe(0);
  });

  it('(the race itself: unpinned, the book moves under some of them)', () => {
    expect(rounds(false)).toBeGreaterThan(0);
  });
});

/**
 * A live market replays at most a second of a busy spell, in one go, and skips the rest: a
 * replay of seconds held the event loop for seconds (a cluster owner then lost its lease).
 * Stepped explicitly (tests on a fake clock) it still replays every tick up to a minute.
 */
describe(`the simulator read after a long busy spell (seed ${SEED})`, () => {
  const tickerTimes = (read: (m: ReturnType<typeof manualMarket>) => void) => {
    const m = manualMarket(SEED, START, ONLY);
    m.advance(10_000);
    const before = m.events.length;
    m.lag(5_000);
    read(m);
    const times = m.events
      .slice(before)
      .flatMap((e) => (e.type === 'ticker' && e.symbol === 'BTCUSDT' ? [e.ticker.t] : []));
    return { times, now: m.now() };
  };

  it('replays only the last second when read', () => {
    const { times, now } = tickerTimes(({ sim }) => sim.ticker('BTCUSDT'));
    expect(times.length).toBeGreaterThan(0);
    expect(Math.min(...times)).toBeGreaterThan(now - 1_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
  });

  it('replays every tick when stepped explicitly', () => {
    const { times, now } = tickerTimes(({ sim, now: at }) => sim.step(at()));
    expect(Math.min(...times)).toBeLessThan(now - 4_000);
    expect(Math.max(...times)).toBeGreaterThan(now - 1_000);
  });
});
