import { describe, expect, it } from 'vitest';
import { isValidTckn } from './tckn';

describe('isValidTckn', () => {
  // Worked by hand:
  // 10000000146: odd 1+0+0+0+1=2, even 0 → (14−0) mod 10 = 4 = d10; 1+1+4 = 6 = d11.
  // 12345678950: odd 1+3+5+7+9=25, even 2+4+6+8=20 → (175−20) mod 10 = 5; 45+5 = 50 → 0.
  // 98765432150: odd 9+7+5+3+1=25, even 8+6+4+2=20 → 5; 45+5 → 0.
  // 19090909018: odd 1, even 36 → (7−36) = −29 → 1 (a non-negative mod; JS % gives −9); 1+36+1 = 38 → 8.
  it.each(['10000000146', '12345678950', '98765432150', '19090909018'])('accepts %s', (v) => {
    expect(isValidTckn(v)).toBe(true);
  });

  it.each([
    ['a wrong 11th digit', '12345678951'],
    ['a wrong 10th digit', '12345678940'],
    ['d10 = 9 where the rule gives 1 (d11 made to match)', '19090909096'],
    ['a leading 0', '02345678950'],
    ['10 digits', '1234567895'],
    ['12 digits', '123456789500'],
    ['a letter', '1234567895a'],
    ['spaces', ' 12345678950'],
    ['full-width digits', '１２３４５６７８９５０'],
    ['empty', ''],
  ])('refuses %s', (_name, v) => {
    expect(isValidTckn(v)).toBe(false);
  });
});
