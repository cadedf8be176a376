import { describe, expect, it } from 'vitest';
import type { Trade } from '../../domain/protocol/market';
import { catchUpPrices } from './catch-up';
import type { StoredAlert } from './store';

const print = (t: number, price: string): Trade => ({ id: String(t), t, price, qty: '1', side: 'buy' });

/** THYAO's tape: 100, 101, 103, 99, 104 at 1 s, 2 s … 5 s. ASELS printed nothing. */
const tapes: Record<string, Trade[]> = {
  THYAO: [print(1000, '100'), print(2000, '101'), print(3000, '103'), print(4000, '99'), print(5000, '104')],
};
const market = { trades: (symbol: string, limit: number) => (tapes[symbol] ?? []).slice(-limit) };

let nextId = 1n;
function alert(
  over: Partial<StoredAlert> & Pick<StoredAlert, 'symbol' | 'kind' | 'threshold'>,
  created: number,
): StoredAlert {
  return {
    id: nextId++,
    userId: 7n,
    accountType: 'demo',
    windowMinutes: null,
    armed: true,
    restingUntil: null,
    firedCount: 0,
    lastFiredAt: null,
    createdAt: new Date(created),
    ...over,
  };
}

describe('price alerts caught up from the tape', () => {
  it('goes through the prints after each alert’s stored state, from the print before it', () => {
    // Above 102 since 1.5 s: 101 → 103 fires it (3 s); 103 → 99 re-arms it (99 ≤ 102 × 0.995 =
    // 101.49, 4 s); 99 → 104 fires it again (5 s).
    const a = alert({ symbol: 'THYAO', kind: 'above', threshold: '102' }, 1500);
    // Fired at 3.5 s and stored so: only 103 → 99 (re-arm) and 99 → 104 (fire) are after it.
    const b = alert(
      { symbol: 'THYAO', kind: 'above', threshold: '102', armed: false, lastFiredAt: 3500 },
      500,
    );
    // Placed at 3.5 s, after the 103 print: 101 → 103 is before it and fires nothing; 99 → 104 does.
    const c = alert({ symbol: 'THYAO', kind: 'above', threshold: '102.5' }, 3500);
    // Never reached; placed after the last print; on a symbol with no tape; not a price alert.
    const d = alert({ symbol: 'THYAO', kind: 'above', threshold: '110' }, 0);
    const g = alert({ symbol: 'THYAO', kind: 'above', threshold: '101' }, 6000);
    const f = alert({ symbol: 'ASELS', kind: 'below', threshold: '50' }, 0);
    const move = alert({ symbol: 'THYAO', kind: 'move', threshold: '1', windowMinutes: 15 }, 0);

    const { armed, crossings } = catchUpPrices(market, [a, b, c, d, g, f, move]);

    const seen = crossings.map((x) => `${x.id} ${x.fired ? 'fire' : 'rearm'} ${x.price}@${x.t}`).sort();
    expect(seen).toEqual(
      [
        `${a.id} fire 103@3000`,
        `${a.id} rearm 99@4000`,
        `${a.id} fire 104@5000`,
        `${b.id} rearm 99@4000`,
        `${b.id} fire 104@5000`,
        `${c.id} fire 104@5000`,
      ].sort(),
    );
    // An alert's crossings in the order the prints made them.
    expect(crossings.filter((x) => x.id === String(a.id)).map((x) => x.t)).toEqual([3000, 4000, 5000]);
    expect(Object.fromEntries(armed)).toEqual({
      [String(a.id)]: false,
      [String(b.id)]: false,
      [String(c.id)]: false,
      [String(d.id)]: true,
      [String(g.id)]: true,
      [String(f.id)]: true,
    });
  });

  it('finds nothing on a tape that never reaches a line', () => {
    const below = alert({ symbol: 'THYAO', kind: 'below', threshold: '98' }, 0);
    const { armed, crossings } = catchUpPrices(market, [below]);
    expect(crossings).toEqual([]);
    expect(armed.get(String(below.id))).toBe(true);
  });
});
