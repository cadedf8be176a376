import { describe, expect, it } from 'vitest';
import { armable, crossedDown, crossedUp, rearmPrice, riskStep } from './crossing';

const u = (n: number) => BigInt(n);

describe('crossings, worked by hand', () => {
  it('a rise crosses the levels above where it started, up to and including where it ended', () => {
    // 310 → 312.5 crosses 312.5 (touching counts), not 310 (it started there) nor 313.
    expect(crossedUp(u(3125), u(3100), u(3125))).toBe(true);
    expect(crossedUp(u(3100), u(3100), u(3125))).toBe(false);
    expect(crossedUp(u(3130), u(3100), u(3125))).toBe(false);
    // Sitting on the level afterwards is no new crossing.
    expect(crossedUp(u(3125), u(3125), u(3130))).toBe(false);
  });

  it('a fall mirrors it', () => {
    expect(crossedDown(u(3100), u(3125), u(3100))).toBe(true);
    expect(crossedDown(u(3125), u(3125), u(3100))).toBe(false);
    expect(crossedDown(u(3090), u(3125), u(3100))).toBe(false);
  });

  it('re-arms 0.5 % back past the threshold', () => {
    // 312.50 × 0.995 = 310.9375; × 1.005 = 314.0625
    expect(rearmPrice('above', '312.50').toFixed()).toBe('310.9375');
    expect(rearmPrice('below', '312.50').toFixed()).toBe('314.0625');
    expect(rearmPrice('above', '100').toFixed()).toBe('99.5');
  });

  it('arms only an alert the price has yet to reach', () => {
    expect(armable('above', '312.5', '310')).toBe(true);
    expect(armable('above', '312.5', '312.5')).toBe(false);
    expect(armable('below', '300', '310')).toBe(true);
    expect(armable('below', '300', '299.99')).toBe(false);
  });

  it('a liquidation-distance alert fires at or below X %, re-arms above X + 1', () => {
    expect(riskStep('liquidation', '5', '5.01', true)).toEqual({ armed: true, fire: false });
    expect(riskStep('liquidation', '5', '5', true)).toEqual({ armed: false, fire: true });
    // Fired: 5.5 and 6 are not back far enough, 6.01 is.
    expect(riskStep('liquidation', '5', '4', false)).toEqual({ armed: false, fire: false });
    expect(riskStep('liquidation', '5', '6', false)).toEqual({ armed: false, fire: false });
    expect(riskStep('liquidation', '5', '6.01', false)).toEqual({ armed: true, fire: false });
    expect(riskStep('liquidation', '5', null, true)).toEqual({ armed: true, fire: false });
  });

  it('a margin-ratio alert fires at or above Y %, re-arms below Y − 1', () => {
    expect(riskStep('margin', '80', '79.99', true)).toEqual({ armed: true, fire: false });
    expect(riskStep('margin', '80', '80.00', true)).toEqual({ armed: false, fire: true });
    expect(riskStep('margin', '80', '79', false)).toEqual({ armed: false, fire: false });
    expect(riskStep('margin', '80', '78.99', false)).toEqual({ armed: true, fire: false });
  });
});
