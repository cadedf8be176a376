import { describe, expect, it } from 'vitest';
import { chargeRemainderDecimals, chargeDecimals, shownBreakdown } from './addends';

describe('shownBreakdown and chargeDecimals', () => {
  it('shows the parts truncated, the last (the fee) as the total less the others when needed', () => {
    // Adds up at 2: 49.98 + 0.24 = 50.22, the fee as it is.
    expect(shownBreakdown(['49.98', '0.2467'], '50.2267', 2)).toEqual({
      parts: ['49.98', '0.24'],
      total: '50.22',
    });
    // 1.4429616 + 0.00721481 = 1.45017641 at 4: 1.4429 + 0.0072 = 1.4501 (truncation adds up).
    expect(shownBreakdown(['1.4429616', '0.00721481'], '1.45017641', 4)).toEqual({
      parts: ['1.4429', '0.0072'],
      total: '1.4501',
    });
    // 0.73350548 + 0.01833764 = 0.75184312 at 2: 0.73 + 0.01 = 0.74 ≠ 0.75 → the fee is shown
    // as 0.75 − 0.73 = 0.02 (0.0017 above its 0.0183: under one unit), the total as truncated.
    expect(shownBreakdown(['0.73350548', '0.01833764'], '0.75184312', 2)).toEqual({
      parts: ['0.73', '0.02'],
      total: '0.75',
    });
    // A sale: amount − fee. 100 − 0.119 = 99.881 at 2: 100.00 + (−0.11) = 99.89 ≠ 99.88 → the
    // fee is 99.88 − 100.00 = −0.12.
    expect(shownBreakdown(['100', '-0.119'], '99.881', 2)).toEqual({
      parts: ['100.00', '-0.12'],
      total: '99.88',
    });
  });

  it('gives a charge the decimals it needs to show as not zero, up to 4', () => {
    expect(chargeDecimals('0.6')).toBe(2);
    expect(chargeDecimals('0.0059')).toBe(3); // 0.005, not 0.00
    expect(chargeDecimals('0.00072')).toBe(4); // 0.0007
    expect(chargeDecimals('0.00000072')).toBe(4); // under a ten-thousandth: 0.0000 is the most shown
    expect(chargeDecimals('0')).toBe(2);
    expect(chargeDecimals('-0.003')).toBe(3);
  });
});

describe('chargeRemainderDecimals', () => {
  it('shows a subtracted fee as the remainder, a unit up where a unit is small beside it', () => {
    // 3000 + 617.25 − 15.308625 = 3601.941375: at 2, 3601.94 − 3617.25 = −15.31 (0.001375 over).
    const parts = ['3000', '617.25', '-15.308625'];
    expect(chargeRemainderDecimals(parts, '3601.941375')).toBe(2);
    expect(shownBreakdown(parts, '3601.941375', 2)).toEqual({
      parts: ['3000.00', '617.25', '-15.31'],
      total: '3601.94',
    });
    // Truncated apart, 3000.00 + 617.25 − 15.30 = 3601.95: the rows would not add up.
  });

  it('shows the fee truncated where the others leave that, and never further than a unit from it', () => {
    // 10.009 + 0 − 1.001 = 9.008: at 2, 9.00 − 10.00 leaves 1.00, the fee truncated.
    expect(chargeRemainderDecimals(['10.009', '0', '-1.001'], '9.008')).toBe(2);
    // 1.009 + 1.009 − 0.008 = 2.01: at 2, 2.01 − 1.00 − 1.00 leaves +0.01 for a −0.008 fee, 0.018
    // away (a fee shown as money coming in); at 3, exact.
    expect(chargeRemainderDecimals(['1.009', '1.009', '-0.008'], '2.01')).toBe(3);
  });

  it('never shows a part that is not zero as zero, nor a zero charge as one', () => {
    // P&L −0.005 reads −0.00 at 2: at 3, 3000.000 − 0.005 − 15.000 = 2984.995.
    expect(chargeRemainderDecimals(['3000', '-0.005', '-14.9999975'], '2984.9950025')).toBe(3);
    // A loss past the margin: 6 − 60.004 + 54.004 − 0 = 0. At 2, 6.00 − 60.00 + 54.00 = 0: the fee 0.
    expect(chargeRemainderDecimals(['6', '-60.004', '54.004', '0'], '0')).toBe(2);
    // 6.009 − 60.001 + 53.992 − 0: at 2, 6.00 − 60.00 + 53.99 leaves 0.01, a charge that is not there.
    expect(chargeRemainderDecimals(['6.009', '-60.001', '53.992', '0'], '0')).toBe(3);
  });

  it('keeps the fewest decimals at which the truncated figures already add up', () => {
    expect(chargeRemainderDecimals(['49.98', '0.24'], '50.22')).toBe(2);
    // 1.44 + 0.0072: the fee reads 0.00 at 2; at 3, 1.440 + 0.007 = 1.447.
    expect(chargeRemainderDecimals(['1.44', '0.0072'], '1.4472')).toBe(3);
    // A sale: 100 − 0.119 = 99.881. At 2 the fee would be 0.12 (a unit up, 8 % of it); at 3, exact.
    expect(chargeRemainderDecimals(['100', '-0.119'], '99.881')).toBe(3);
  });

  it('takes a unit up only where a unit is at most 1 % of the charge', () => {
    // 5.9999 + 0.0059 = 6.0058: 0.01 at 2 and 0.006 at 3 are each a unit up, 70 % and 2 % of the
    // fee; at 4, 6.0058 − 5.9999 = 0.0059, the fee truncated.
    expect(chargeRemainderDecimals(['5.9999', '0.0059'], '6.0058')).toBe(4);
    // 14.54987974 + 0.0727494 = 14.62262914: 0.08 at 2, 0.073 at 3 (units of 14 % and 1.4 %); at 4,
    // 0.0728 (0.00005 up, a unit 0.14 % of it).
    expect(chargeRemainderDecimals(['14.54987974', '0.0727494'], '14.62262914')).toBe(4);
    expect(shownBreakdown(['14.54987974', '0.0727494'], '14.62262914', 4).parts).toEqual([
      '14.5498',
      '0.0728',
    ]);
  });

  it('answers null when no decimals up to the most shown will do', () => {
    expect(chargeRemainderDecimals(['1.00009', '-0.00001'], '1.00008')).toBeNull();
  });
});
