import { describe, expect, it } from 'vitest';
import { translate, withUnits } from './i18n';

describe('server messages', () => {
  it('writes numbers as the reader does, every digit kept', () => {
    expect(translate('tr-TR', 'PRICE_TICK', { tick: '0.25' })).toBe(
      'Fiyat, fiyat adımının (0,25) katı olmalıdır.',
    );
    expect(translate('en-US', 'PRICE_TICK', { tick: '0.25' })).toBe(
      'The price must be a multiple of the tick size 0.25.',
    );
    expect(translate('tr-TR', 'ORDER_ABOVE_MAXIMUM', { max: '1000000' })).toContain('1.000.000');
    expect(translate('en-US', 'ORDER_ABOVE_MAXIMUM', { max: 1000000 })).toContain('1,000,000');
    expect(translate('tr-TR', 'CLOSE_QUANTITY_TOO_LARGE', { max: '0.019999' })).toContain('0,019999');
  });

  it("writes a figure with its unit in the reader's notation, the unit kept", () => {
    const params = withUnits({ min: '1000.5', tick: '0.01', id: '7' }, { min: 'TRY', tick: 'USDT' });
    expect(params).toEqual({ min: '1000.5 TRY', tick: '0.01 USDT', id: '7' });
    // A figure that already names its unit keeps the one it has.
    expect(withUnits({ min: '5 USDT' }, { min: 'TRY' })).toEqual({ min: '5 USDT' });
    expect(translate('tr-TR', 'ORDER_BELOW_MINIMUM', params)).toBe(
      'Emir tutarı en az 1.000,5 TRY olmalıdır.',
    );
    expect(translate('en-US', 'ORDER_BELOW_MINIMUM', params)).toBe(
      'The order amount must be at least 1,000.5 TRY.',
    );
    expect(translate('tr-TR', 'AMOUNT_BELOW_MINIMUM', { min: '0.00022901 USDT' })).toBe(
      'En düşük tutar 0,00022901 USDT.',
    );
  });

  it('says one second and one minute in the singular', () => {
    expect(translate('en-US', 'LOGIN_THROTTLED', { seconds: 1 })).toBe(
      'Too many failed login attempts. Please try again in 1 second.',
    );
    expect(translate('en-US', 'LOGIN_THROTTLED', { seconds: 2 })).toBe(
      'Too many failed login attempts. Please try again in 2 seconds.',
    );
    expect(translate('en-US', 'CODE_RATE_LIMITED', { seconds: 1 })).toMatch(/in 1 second\.$/);
    expect(translate('en-US', 'PIN_LOCKED', { minutes: 1 })).toMatch(/in 1 minute\.$/);
    expect(translate('en-US', 'PIN_LOCKED', { minutes: 60 })).toMatch(/in 60 minutes\.$/);
    expect(translate('tr-TR', 'LOGIN_THROTTLED', { seconds: 1 })).toMatch(/1 saniye sonra/);
    expect(translate('tr-TR', 'LOGIN_THROTTLED', { seconds: 1500 })).toMatch(/1\.500 saniye sonra/);
  });

  it('picks the plural by the count it is given, as i18next does', () => {
    expect(translate('en-US', 'PIN_LOCKED', { minutes: 1, count: 1 })).toMatch(/in 1 minute\.$/);
    expect(translate('en-US', 'PIN_LOCKED', { minutes: 2, count: 2 })).toMatch(/in 2 minutes\.$/);
    expect(translate('en-US', 'PASSKEY_CHALLENGE_EXPIRED', { seconds: 1, count: 1 })).toContain('1 second.');
    expect(translate('en-US', 'PASSKEY_CHALLENGE_EXPIRED', { seconds: 2, count: 2 })).toContain('2 seconds.');
    expect(translate('tr-TR', 'PIN_LOCKED', { minutes: 1, count: 1 })).toMatch(/1 dakika sonra/);
    expect(translate('tr-TR', 'PIN_LOCKED', { minutes: 2, count: 2 })).toMatch(/2 dakika sonra/);
  });

  it('leaves words and field names alone', () => {
    expect(translate('tr-TR', 'FIELD_REQUIRED', { field: 'cardId' })).toBe('Banka hesabı alanı zorunludur.');
    expect(translate('tr-TR', 'ADDRESS_FORMAT', { chain: 'TRC20' })).toContain('TRC20');
  });
});
