import { describe, expect, it } from 'vitest';
import { readNumberInput } from './number-input';

const price = { field: 'price', decimals: 2 } as const;

describe('readNumberInput', () => {
  it('reads in the locale, and is silent while empty', () => {
    expect(readNumberInput('318,55', 'tr-TR', price)).toEqual({ value: '318.55', error: null });
    expect(readNumberInput('1.318,55', 'tr-TR', price)).toEqual({ value: '1318.55', error: null });
    expect(readNumberInput('  ', 'tr-TR', price)).toEqual({ value: null, error: null });
  });

  it('says a sign, an exponent, a separator or a letter is what is wrong, not "invalid"', () => {
    expect(readNumberInput('-1', 'en-US', price).error).toEqual({ key: 'AMOUNT_SIGN' });
    expect(readNumberInput('1e20', 'en-US', price).error).toEqual({ key: 'AMOUNT_EXPONENT' });
    expect(readNumberInput('1,2,3', 'tr-TR', price).error).toEqual({ key: 'AMOUNT_SEPARATOR' });
    expect(readNumberInput('abc', 'tr-TR', price).error).toEqual({ key: 'AMOUNT_NOT_A_NUMBER' });
  });

  it('says how many decimals a price or an amount takes', () => {
    expect(readNumberInput('318,555', 'tr-TR', price).error).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 2 },
    });
    expect(readNumberInput('318.555', 'en-US', { field: 'amount', decimals: 2 }).error?.key).toBe(
      'AMOUNT_PRECISION',
    );
  });

  it('says whole units are a multiple of the lot, and a coin quantity a multiple of its step', () => {
    const lots = { field: 'quantity', decimals: 0 } as const;
    expect(readNumberInput('1,5', 'tr-TR', lots).error).toEqual({ key: 'QUANTITY_WHOLE' });
    expect(readNumberInput('1,5', 'tr-TR', { ...lots, lot: 100 }).error).toEqual({
      key: 'LOT_MULTIPLE',
      params: { lot: 100 },
    });
    // "1.000" lots is a thousand: grouping where the field takes no decimals.
    expect(readNumberInput('1.000', 'tr-TR', lots)).toEqual({ value: '1000', error: null });
    expect(readNumberInput('0,000001', 'en-US', { field: 'quantity', decimals: 5 }).error).toEqual({
      key: 'LOT_MULTIPLE',
      params: { lot: '0.00001' },
    });
  });

  it('asks rather than guesses a lone grouping separator where 3+ decimals are taken', () => {
    const qty = { field: 'quantity', decimals: 8, label: 'coin_quantity' } as const;
    expect(readNumberInput('1.125', 'tr-TR', qty).error).toEqual({
      key: 'NUMBER_AMBIGUOUS',
      params: { field: 'coin_quantity' },
    });
    expect(readNumberInput('1,125', 'tr-TR', qty)).toEqual({ value: '1.125', error: null });
  });
});
