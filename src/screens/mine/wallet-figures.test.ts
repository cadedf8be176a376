import { describe, expect, it } from 'vitest';
import { amount } from './wallet-figures';

describe('wallet amounts on the assets screen', () => {
  it('shows shares whole, cash in cents and coins to the satoshi, truncated', () => {
    // Not "10,00000000 / Bloke 0,00000000" for 10 THYAO.
    expect(amount('10', { wallet: 'stock', currency: 'THYAO' }, 'tr-TR')).toBe('10');
    expect(amount('0', { wallet: 'stock', currency: 'THYAO' }, 'tr-TR')).toBe('0');
    expect(amount('12500', { wallet: 'stock', currency: 'THYAO' }, 'en-US')).toBe('12,500');
    expect(amount('98765.439', { wallet: 'stock', currency: 'TRY' }, 'tr-TR')).toBe('98.765,43');
    expect(amount('3538.28925', { wallet: 'coin', currency: 'USDT' }, 'tr-TR')).toBe('3.538,28');
    expect(amount('49.5', { wallet: 'contract', currency: 'USDT' }, 'en-US')).toBe('49.50');
    expect(amount('0.123456789', { wallet: 'coin', currency: 'BTC' }, 'en-US')).toBe('0.12345678');
  });
});
