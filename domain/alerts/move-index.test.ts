import { describe, expect, it } from 'vitest';
import { createMoveIndex } from './move-index';
import { moveOf } from './move-window';

const MIN = 60_000;

describe('percent moves within a window, worked by hand', () => {
  it('measures the larger of the rise from the low and the fall from the high', () => {
    // low 100, high 104, last 101: up 1 %, down 3 / 104 = 2.8846… %
    const m = moveOf('100', '104', '101');
    expect(m?.direction).toBe('down');
    expect(m?.percent.toFixed(4)).toBe('2.8846');
    // low 200, last 206: up 3 %
    expect(moveOf('200', '206', '206')?.percent.toFixed()).toBe('3');
    expect(moveOf('0', '1', '1')).toBeNull();
  });

  it('fires a ≥ 3 % in 15 min alert when the move inside the window reaches 3 %', () => {
    const index = createMoveIndex();
    index.add({ id: 'm', symbol: 'THYAO', percent: '3', windowMinutes: 15 });
    index.add({ id: 'big', symbol: 'THYAO', percent: '5', windowMinutes: 15 });
    const t0 = Date.UTC(2026, 10, 28, 10);
    expect(index.tick('THYAO', t0, '100')).toEqual([]);
    expect(index.tick('THYAO', t0 + 5 * MIN, '102.99')).toEqual([]);
    const fired = index.tick('THYAO', t0 + 10 * MIN, '103');
    expect(fired.map((f) => [f.id, f.percent.toFixed(), f.direction])).toEqual([['m', '3', 'up']]);
    // It rests for one window: 104 at +12 min (4 %) tells nothing more.
    expect(index.tick('THYAO', t0 + 12 * MIN, '104')).toEqual([]);
  });

  it('forgets prices older than the window', () => {
    const index = createMoveIndex();
    index.add({ id: 'm', symbol: 'THYAO', percent: '3', windowMinutes: 15 });
    const t0 = Date.UTC(2026, 10, 28, 10);
    index.tick('THYAO', t0, '100');
    index.tick('THYAO', t0 + 10 * MIN, '101');
    // At +16 min the 100 left the window: the low is 101, and 103 is 1.98 % up from it.
    expect(index.tick('THYAO', t0 + 16 * MIN, '103')).toEqual([]);
    // A fall of 3 % from the window's high 103: 99.91.
    const fired = index.tick('THYAO', t0 + 17 * MIN, '99.91');
    expect(fired.map((f) => [f.id, f.percent.toFixed(), f.direction])).toEqual([['m', '3', 'down']]);
  });

  it('fires again once the resting window is over and the new window moved enough', () => {
    const index = createMoveIndex();
    index.add({ id: 'm', symbol: 'THYAO', percent: '3', windowMinutes: 5 });
    const t0 = Date.UTC(2026, 10, 28, 10);
    index.tick('THYAO', t0, '100');
    expect(index.tick('THYAO', t0 + MIN, '103').map((f) => f.id)).toEqual(['m']);
    expect(index.restingUntil('m')).toBe(t0 + 6 * MIN);
    expect(index.tick('THYAO', t0 + 5 * MIN, '107')).toEqual([]);
    expect(index.tick('THYAO', t0 + 6 * MIN, '110.21').map((f) => f.id)).toEqual(['m']);
  });

  it('measures from the price at which the alert was added', () => {
    const index = createMoveIndex();
    const t0 = Date.UTC(2026, 10, 28, 10);
    index.add({ id: 'm', symbol: 'THYAO', percent: '3', windowMinutes: 15 }, 0, { t: t0, price: '100' });
    // 100 → 103 is 3 %: the first tick after adding already sees it.
    expect(index.tick('THYAO', t0 + MIN, '103').map((f) => f.id)).toEqual(['m']);
  });
});
