import { describe, expect, it } from 'vitest';
import type { ChartBar } from '../../../domain/market-data/contract';
import { splitReset } from './chart-history';

const bar = (time: number): ChartBar => ({ time, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 });

describe('splitReset', () => {
  it('keeps a reset of at most `recent` bars whole', () => {
    const reset = { bars: [bar(1), bar(2)], main: { MA5: [{ time: 2, value: 1 }] }, sub: {} };
    expect(splitReset(reset, 2)).toEqual({ now: reset, older: null });
  });

  it('splits bars and each line at the first of the newest `recent` bars, a line shorter than the bars too', () => {
    const reset = {
      bars: [bar(10), bar(20), bar(30), bar(40), bar(50)],
      main: {
        MA2: [
          { time: 10, value: null },
          { time: 20, value: 1.5 },
          { time: 30, value: 1.5 },
          { time: 40, value: 1.5 },
          { time: 50, value: 1.5 },
        ],
      },
      // A line that starts late (no points before the cut) and one that ends early (none after).
      sub: { LATE: [{ time: 40, value: 3 }], EARLY: [{ time: 20, value: 4 }] },
    };
    const { now, older } = splitReset(reset, 2);
    expect(now.bars.map((b) => b.time)).toEqual([40, 50]);
    expect(older!.bars.map((b) => b.time)).toEqual([10, 20, 30]);
    expect(now.main['MA2']!.map((p) => p.time)).toEqual([40, 50]);
    expect(older!.main['MA2']).toEqual(reset.main.MA2.slice(0, 3));
    expect(now.sub).toEqual({ LATE: [{ time: 40, value: 3 }], EARLY: [] });
    expect(older!.sub).toEqual({ LATE: [], EARLY: [{ time: 20, value: 4 }] });
  });
});
