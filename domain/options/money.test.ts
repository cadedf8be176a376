import { describe, expect, it } from 'vitest';
import {
  breakeven,
  buyCost,
  closePremium,
  closeProceeds,
  intrinsic,
  maxBuyPremium,
  minClosePremium,
  optionFee,
  optionPnl,
  payoffAtExpiry,
  premiumOf,
  premiumText,
  premiumTotal,
  closedShare,
} from './money';

const s = (v: { toFixed(): string } | null) => v?.toFixed() ?? null;

describe('option money', () => {
  it('truncates a model price to a premium of 4 decimals, and has no premium for nonsense', () => {
    expect(s(premiumOf(4.75942239287153))).toBe('4.7594');
    expect(s(premiumOf(0.00009))).toBe('0');
    expect(s(premiumOf(3))).toBe('3');
    expect([premiumOf(-1), premiumOf(Number.NaN), premiumOf(Infinity)]).toEqual([null, null, null]);
  });

  it('cuts the same premium text without a Decimal, on any price', () => {
    // A small seeded generator (mulberry32): the seed is in the failure message.
    const seed = 20261123;
    let state = seed;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let x = Math.imul(state ^ (state >>> 15), 1 | state);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const fixed = [
      0, 1, 3, 0.327, 0.32699999999999996, 1.61382833193481e-5, 1e-7, 0.00009, 12.00001, 1e21,
      4.75942239287153,
    ];
    const prices = [...fixed, ...Array.from({ length: 5000 }, () => 10 ** (random() * 8 - 5) * random())];
    for (const price of prices)
      expect(premiumText(price), `price ${price} (seed ${seed})`).toBe(premiumOf(price)?.toFixed() ?? null);
    expect([premiumText(-1), premiumText(Number.NaN)]).toEqual([null, null]);
  });

  it('totals premium × multiplier × contracts in kuruş, truncated', () => {
    // 4.7594 × 100 × 3 = 1427.82;  0.0123 × 100 × 7 = 8.61;  1.23456 is not a premium but 1.2345 × 10 × 1 = 12.345 → 12.34
    expect(s(premiumTotal('4.7594', 100, '3'))).toBe('1427.82');
    expect(s(premiumTotal('0.0123', 100, '7'))).toBe('8.61');
    expect(s(premiumTotal('1.2345', 10, '1'))).toBe('12.34');
  });

  it('charges max(total × rate, minimum fee)', () => {
    // 1427.82 × 0.003 = 4.28346 → 4.28 (above the 1.00 minimum); 8.61 × 0.003 = 0.02583 → 0.02 < 1 → 1
    expect(s(optionFee('1427.82', '0.003', '1'))).toBe('4.28');
    expect(s(optionFee('8.61', '0.003', '1'))).toBe('1');
  });

  it('pays an early close at the model × (1 − spread), the fee never above the gross', () => {
    // 5.2351 × 0.98 = 5.130398 → 5.1303 a share; × 100 × 2 = 1026.06; fee 1026.06 × 0.003 = 3.07818 → 3.07
    expect(s(closePremium('5.2351', '0.02'))).toBe('5.1303');
    const close = closeProceeds('5.1303', 100, '2', '0.003', '1');
    expect([s(close.gross), s(close.fee), s(close.net)]).toEqual(['1026.06', '3.07', '1022.99']);
    // 0.0040 × 100 × 1 = 0.40 gross, minimum fee 1 capped at 0.40: nothing credited, nothing owed.
    const tiny = closeProceeds('0.004', 100, '1', '0.003', '1');
    expect([s(tiny.gross), s(tiny.fee), s(tiny.net)]).toEqual(['0.4', '0.4', '0']);
  });

  it('pays the intrinsic value × multiplier × contracts at expiry', () => {
    // call K 100 at 104.35: 4.35 × 100 × 2 = 870;  put K 100 at 104.35: 0;  put K 110 at 104.35: 5.65 × 100 × 1 = 565
    expect(s(intrinsic('call', '104.35', '100'))).toBe('4.35');
    expect(s(payoffAtExpiry('call', '104.35', '100', 100, '2'))).toBe('870');
    expect(s(payoffAtExpiry('put', '104.35', '100', 100, '2'))).toBe('0');
    expect(s(payoffAtExpiry('put', '104.35', '110', 100, '1'))).toBe('565');
    expect(s(payoffAtExpiry('call', '100', '100', 100, '5'))).toBe('0');
  });

  it('puts the breakeven at K + premium for a call and K − premium for a put', () => {
    expect(s(breakeven('call', '100', '5.2351'))).toBe('105.2351');
    expect(s(breakeven('put', '100', '2.0009'))).toBe('97.9991');
  });

  it('measures P&L against the cost, the ratio truncated to 4 decimals', () => {
    // paid 1432.10, credited 870: −562.10 / 1432.10 = −0.392500… → −0.3925
    const loss = optionPnl('870', '1432.10');
    expect([s(loss.pnl), s(loss.ratio)]).toEqual(['-562.1', '-0.3925']);
    // paid 300, credited 0: the whole cost, ratio −1 (a loss is capped at what was paid)
    expect(s(optionPnl('0', '300').ratio)).toBe('-1');
    expect(optionPnl('5', '0').ratio).toBeNull();
  });

  it('bounds a fill by the price tolerance: a buy at most, a close at least, on the premium scale', () => {
    // A put confirmed at 2.3932 confirmed, 2 % tolerance: 2.441064 → 2.4410 the most a share may cost.
    expect(s(maxBuyPremium('2.3932', '0.02'))).toBe('2.441');
    // A premium is on the 4-decimal scale: "≤ the ceiling" is exactly "≤ shown × (1 + tolerance)".
    expect(s(maxBuyPremium('0.3210', '0.02'))).toBe('0.3274');
    expect(s(maxBuyPremium('0.32', '0.02'))).toBe('0.3264');
    // A close: 3.7663 × 0.98 = 3.690974 → 3.6910 at least (rounded up: 3.6909 would be below it).
    expect(s(minClosePremium('3.7663', '0.02'))).toBe('3.691');
    expect(s(minClosePremium('4.76', '0.01'))).toBe('4.7124');
    expect(s(minClosePremium('0', '0.02'))).toBe('0');
  });

  it('allows at least one premium step either way, where the tolerance is less than a step', () => {
    // 0.0040 × 1.02 = 0.00408 → 0.0040 on the scale: without the step any move up was refused.
    expect(s(maxBuyPremium('0.0040', '0.02'))).toBe('0.0041');
    // 0.0040 × 0.98 = 0.00392 → 0.0040 rounded up: one step down instead.
    expect(s(minClosePremium('0.0040', '0.02'))).toBe('0.0039');
    expect(s(minClosePremium('0.0001', '0.02'))).toBe('0');
    // At 0.005 two per cent is exactly a step: the rule and the step agree.
    expect(s(maxBuyPremium('0.005', '0.02'))).toBe('0.0051');
    expect(s(minClosePremium('0.005', '0.02'))).toBe('0.0049');
    // No tolerance, no move.
    expect(s(maxBuyPremium('0.0040', '0'))).toBe('0.004');
    expect(s(minClosePremium('0.0040', '0'))).toBe('0.004');
  });

  it('costs a buy as the server charges it, and its worst case at the tolerance', () => {
    // 3 contracts × 100 at 2.3932: 717.96 + fee 717.96 × 0.003 = 2.15 → 720.11 shown.
    const shown = buyCost('2.3932', 100, '3', '0.003', '1');
    expect([s(shown.total), s(shown.fee), s(shown.cost)]).toEqual(['717.96', '2.15', '720.11']);
    // At most 2.4410 a share: 732.30 + 2.19 = 734.49, the most the order can take.
    const worst = buyCost(maxBuyPremium('2.3932', '0.02'), 100, '3', '0.003', '1');
    expect([s(worst.total), s(worst.fee), s(worst.cost)]).toEqual(['732.3', '2.19', '734.49']);
    // A fill seen at 2.4407 is inside it: 732.21 + 2.19 = 734.40 ≤ 734.49.
    expect(s(buyCost('2.4407', 100, '3', '0.003', '1').cost)).toBe('734.4');
  });
});

describe('a closed part’s share of what the position cost', () => {
  it('is each amount times contracts / held, truncated to the kuruş; all of it when all close', () => {
    // 156.40 × 2/5 = 62.56, 1.00 × 2/5 = 0.40; then 93.84 × 1/3 = 31.28, 0.60 × 1/3 = 0.20.
    const two = closedShare('156.4', '1', '2', '5');
    expect([two.premiumTotal, two.fee, two.cost].map((d) => d.toFixed())).toEqual(['62.56', '0.4', '62.96']);
    const one = closedShare('93.84', '0.6', '1', '3');
    expect([one.premiumTotal, one.fee, one.cost].map((d) => d.toFixed())).toEqual(['31.28', '0.2', '31.48']);
    // 10.01 / 3 = 3.33666… → 3.33 and 1 / 3 → 0.33: the kuruş left over stays with the open rest.
    const third = closedShare('10.01', '1', '1', '3');
    expect([third.premiumTotal, third.fee].map((d) => d.toFixed())).toEqual(['3.33', '0.33']);
    expect(closedShare('10.01', '1', '3', '3').cost.toFixed()).toBe('11.01');
  });
});
