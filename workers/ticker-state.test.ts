import { describe, expect, it } from 'vitest';
import type { TickerView } from '../domain/market-data/contract';
import { fromSteps } from '../domain/market/ticks';
import { rng, seedFromEnv } from '../tests/support/random';
import { nextTicker, tickerChanges } from '../tests/support/ticker-reference';
import { tickerSteps, type TickerInput } from '../domain/protocol/stream-codec-frame';
import { TickerState } from './ticker-state';

describe('TickerState (steps per update, strings at flush)', () => {
  it('posts what building a whole view per message and diffing it would post', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 50; run++) {
      const scale = random() < 0.5 ? 2 : 4;
      const state = new TickerState('X', scale);
      let view: TickerView | undefined;
      let posted: TickerView | undefined;
      let last = 10_000;
      for (let i = 0; i < 300; i++) {
        // Small moves so prices, change and percent often stand still between flushes.
        if (random() < 0.4) last = Math.max(1, last + Math.floor(random() * 3) - 1);
        const price = (steps: number) => fromSteps(steps, scale);
        const input: TickerInput = {
          last: price(last),
          open: price(10_000),
          high: price(Math.max(10_000, last)),
          low: price(Math.min(10_000, last)),
          prev: price(random() < 0.02 ? 0 : 9_990),
          vol: String(Math.floor(i / 3)),
          turnover: String(Math.floor(i / 5)),
          t: Math.floor(i / 2),
        };
        const offGrid = random() < 0.02;
        if (offGrid) input.last = `${price(last)}5`;
        const next = nextTicker('X', input, scale, view);
        const steps = tickerSteps(input, scale);
        expect(steps !== null, `seed ${seed}, run ${run}, step ${i}`).toBe(next !== null);
        if (steps) state.apply(steps);
        if (next) view = next;
        if (random() < 0.3 && view) {
          expect(state.patch(), `seed ${seed}, run ${run}, step ${i}`).toEqual(tickerChanges(posted, view));
          posted = view;
        }
      }
    }
  });
});
