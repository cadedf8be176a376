import { describe, expect, it } from 'vitest';
import type { Trade } from '../../domain/protocol/market';
import { pick, rng, seedFromEnv } from '../../tests/support/random';
import { decodeEvents } from './record-codec';
import { StepsWriter } from './record-steps';
import { RecordWindow, type Heard } from './record-window';

const T = 1_764_000_000_000;
const SCALES = { price: 2, qty: 0 };
/** Prefixes a source may number its prints after (one ending in a digit, none at all). */
const PREFIXES = ['THYAO-', 'X1', '', 'B-'];
/**
 * First numbers about the id rule's edges: 15 digits and the 16th, a last 15 starting with zeros,
 * the simulator's own (time × 1000), the largest safe ones.
 */
const FIRSTS = [
  0,
  1,
  9,
  999_999_999_999_998,
  1e15 - 1,
  1e15,
  1e15 + 5,
  1_099_999_999_999_998,
  1_100_000_000_000_000,
  1_795_424_400_000_001,
  2e15 - 2,
  9_007_199_254_740_989,
];

/** A trades event of `n` prints numbered from `first`, the numbers handed over beside the ids or not. */
function numbered(prefix: string, first: number, n: number, t: number, handed: boolean): Heard {
  const trades: Trade[] = Array.from({ length: n }, (_, k) => ({
    id: `${prefix}${first + k}`,
    t,
    price: '100.10',
    qty: '5',
    side: k % 2 === 0 ? 'buy' : 'sell',
  }));
  const steps = trades.flatMap(() => [10010, 5]);
  return {
    type: 'trades',
    symbol: 'THYAO',
    trades,
    steps,
    scales: SCALES,
    ...(handed ? { ids: { prefix, first } } : {}),
  };
}

const written = (events: readonly Heard[]) => {
  const window = new RecordWindow();
  for (const event of events) window.add(event);
  return new StepsWriter().write(window)!.bytes.toString();
};

describe("a source's numbered trade ids", () => {
  it('are written as the ids themselves would be, and read back as the ids', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let round = 0; round < 60; round++) {
      const plan = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
        prefix: pick(random, PREFIXES),
        // Often on from the event before (a chain), sometimes from an edge.
        first: random() < 0.5 ? -1 : pick(random, FIRSTS),
        n: 1 + Math.floor(random() * 4),
        t: T + 100 * i,
      }));
      let next = pick(random, FIRSTS);
      const events = (handed: boolean) => {
        let at = next;
        return plan.map(({ prefix, first, n, t }) => {
          const from = first < 0 ? at : first;
          at = from + n;
          return numbered(prefix, from, n, t, handed);
        });
      };
      const text = written(events(true));
      expect(text, `SEED=${seed}`).toBe(written(events(false)));
      const trades = decodeEvents('THYAO', text).flatMap((e) => (e.kind === 'trades' ? e.trades : []));
      expect(
        trades.map((x) => x.id),
        `SEED=${seed}`,
      ).toEqual(events(false).flatMap((e) => (e.type === 'trades' ? e.trades.map((x) => x.id) : [])));
      next = pick(random, FIRSTS);
    }
  });

  it('chain on from the one before, a print numbered past 15 digits split as the rule splits it', () => {
    const text = written([
      numbered('THYAO-', 1_795_424_400_000_001, 2, T, true),
      numbered('THYAO-', 1_795_424_400_000_003, 1, T + 100, true),
      // The last 15 digits start with a zero: the id is written whole, and so is the next.
      numbered('THYAO-', 2_000_000_000_000_000, 2, T + 200, true),
    ]);
    expect(text).toBe(
      [
        `~4,${T}`,
        '@THYAO',
        // One price: the tick is the price itself (10010: 2SQ in base 64); 100 ms is 1a.
        's2,0,2SQ',
        't0|THYAO-1795424400000001,1,5|,0,-5',
        't1a|,0,5',
        't1a|THYAO-2000000000000000,0,5|THYAO-2000000000000001,0,-5',
      ].join('\n'),
    );
  });
});
