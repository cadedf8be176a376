import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketEvent } from '../source';
import { createSimulator } from './simulator';

const SEED = 11;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const ONLY = new Set(['BTCUSDT']);

/** A simulator on a clock only the test moves, with every event it announced. */
function market() {
  let now = START;
  const sim = createSimulator({
    seed: SEED,
    clock: { now: () => now },
    alwaysOpen: true,
    profile: 'default',
    slice: (symbol) => ONLY.has(symbol),
  });
  const events: MarketEvent[] = [];
  sim.on((event) => events.push(event));
  return { sim, events, lag: (ms: number) => void (now += ms), now: () => now };
}

const tickOf = (event: MarketEvent): number | null => (event.type === 'ticker' ? event.ticker.t : null);

describe(`the simulator's timer, woken late (seed ${SEED})`, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one tick a turn until it has caught up, so each tick leaves before the next computes', () => {
    const { sim, events, lag } = market();
    sim.start();
    vi.runOnlyPendingTimers(); // the first wake-up, on time
    lag(600); // the loop was held: several ticks are due
    const turns: number[][] = [];
    for (let turn = 0; turn < 30; turn++) {
      const from = events.length;
      vi.runOnlyPendingTimers();
      const ticks = [
        ...new Set(
          events
            .slice(from)
            .map(tickOf)
            .filter((t) => t !== null),
        ),
      ];
      if (ticks.length > 0) turns.push(ticks);
    }
    sim.stop();
    expect(turns.length).toBeGreaterThan(3);
    // Every turn carried one tick's events, and the ticks came in order.
    for (const ticks of turns) expect(ticks).toHaveLength(1);
    const order = turns.map(([t]) => t!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("announces the same events as the market stepped in one go: the seed's output is unchanged", () => {
    const timed = market();
    timed.sim.start();
    vi.runOnlyPendingTimers();
    for (let round = 0; round < 5; round++) {
      timed.lag(700);
      for (let turn = 0; turn < 40; turn++) vi.runOnlyPendingTimers();
    }
    timed.sim.stop();

    const stepped = market();
    stepped.lag(timed.now() - START);
    stepped.sim.step(stepped.now());
    expect(timed.events.length).toBeGreaterThan(50);
    expect(timed.events).toEqual(stepped.events);
  });
});
