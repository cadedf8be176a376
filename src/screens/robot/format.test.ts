import { describe, expect, it } from 'vitest';
import { signedUsdt, usdt } from './format';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('robot USDT figures', () => {
  it('sign a change with the digits its parts have, and never sign what shows as zero', () => {
    // An early stop of 1 000,5 USDT at 1 %: penalty 10,005, result -10,005 (not -10,00).
    expect(plain(usdt('10.005', 'tr-TR'))).toBe('10,005 USDT');
    expect(plain(signedUsdt('-10.005', 'tr-TR'))).toBe('-10,005 USDT');
    expect(plain(signedUsdt('96.83289', 'en-US'))).toBe('+96.83289 USDT');
    expect(plain(signedUsdt('0', 'en-US'))).toBe('0.00 USDT');
    expect(plain(signedUsdt('-0.000000001', 'en-US'))).toBe('0.00 USDT');
    expect(signedUsdt(null, 'en-US')).toBe('--');
    expect(signedUsdt('not a number', 'en-US')).toBe('--');
  });
});
