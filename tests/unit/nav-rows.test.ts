import { describe, expect, it } from 'vitest';
import { listed, timeOf, timesOf, worstOverFloor } from '../support/nav-rows';

const HOME = '/pages/tabbar/home';
const TRADE = '/pages/tabbar/trade';
const ASSETS = '/pages/user/assets';
const ABOUT = '/pages/user/about';

describe("the nav bench's rows from the taps' times", () => {
  it("takes the chosen screens' times only", () => {
    const times = new Map([
      [HOME, 120],
      [TRADE, 480],
      [ASSETS, 300],
      [ABOUT, 2_000],
    ]);
    // A chosen screen that was not tapped (NAV_TAPS) is left out, one not chosen too.
    expect(timesOf(times, [HOME, TRADE, ASSETS, '/pages/robot/list'])).toEqual([120, 480, 300]);
  });

  it('refuses a row over no measured screen', () => {
    expect(() => timesOf(new Map([[ABOUT, 10]]), [HOME, TRADE])).toThrow(/NAV_TAPS/);
    expect(() => timeOf(new Map([[TRADE, 10]]), HOME)).toThrow(/tabbar\/home was not tapped/);
    expect(timeOf(new Map([[HOME, 87.5]]), HOME)).toBe(87.5);
  });

  it('names the screen furthest above its own repeat visit, not the slowest one', () => {
    const first = new Map([
      [HOME, 900],
      [TRADE, 1_300],
      [ASSETS, 400],
    ]);
    // Trade is the slowest (1,300 / 650 = 2×); Assets the furthest above its floor (400 / 50 = 8×).
    const again = new Map([
      [HOME, 300],
      [TRADE, 650],
      [ASSETS, 50],
    ]);
    expect(worstOverFloor(first, again)).toEqual({ route: ASSETS, first: 400, again: 50, ratio: 8 });
  });

  it('skips a screen with no repeat visit and counts a 0 ms repeat as the worst', () => {
    const first = new Map([
      [HOME, 900],
      [TRADE, 100],
      [ASSETS, 400],
    ]);
    expect(worstOverFloor(first, new Map([[TRADE, 50]]))).toMatchObject({ route: TRADE, ratio: 2 });
    const zero = worstOverFloor(
      first,
      new Map([
        [HOME, 100],
        [ASSETS, 0],
      ]),
    );
    expect(zero).toMatchObject({ route: ASSETS, ratio: Number.POSITIVE_INFINITY });
    expect(() => worstOverFloor(first, new Map())).toThrow(/both visits/);
  });

  it('lists the times as a note shows them, rounded, without the /pages/ prefix', () => {
    const times = new Map([
      [HOME, 841.6],
      [ASSETS, 310.2],
      [ABOUT, 99.5],
    ]);
    expect(listed(times)).toBe('tabbar/home 842, user/assets 310, user/about 100');
    expect(listed(times, [ASSETS, HOME])).toBe('tabbar/home 842, user/assets 310');
  });
});
