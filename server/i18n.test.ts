import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

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

  it('leaves words and field names alone', () => {
    expect(translate('tr-TR', 'FIELD_REQUIRED', { field: 'cardId' })).toBe('Banka hesabı alanı zorunludur.');
    expect(translate('tr-TR', 'ADDRESS_FORMAT', { chain: 'TRC20' })).toContain('TRC20');
  });
});
