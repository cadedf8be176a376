import { describe, expect, it } from 'vitest';
import { decimalInputError, readNumberInput } from './number-input';

describe('decimalInputError', () => {
  it('says a minus sign must be greater than 0, in the words of what was typed: a limit price, a quantity or an amount', () => {
    expect(decimalInputError('NEGATIVE', { field: 'price', decimals: 2 })).toEqual({
      key: 'LIMIT_PRICE_ZERO',
    });
    expect(decimalInputError('NEGATIVE', { field: 'quantity', decimals: 4 })).toEqual({
      key: 'QUANTITY_NOT_POSITIVE',
    });
    expect(decimalInputError('NEGATIVE', { field: 'amount', decimals: 8 })).toEqual({
      key: 'AMOUNT_NOT_POSITIVE',
    });
  });

  it('says how many decimals a field takes, and that whole units are a multiple of the lot', () => {
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'price', decimals: 2 })).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 2 },
    });
    // A lot of 1: "a whole number", not "a multiple of 1".
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'quantity', decimals: 0, lot: 1 })).toEqual({
      key: 'QUANTITY_WHOLE',
    });
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'quantity', decimals: 0 })).toEqual({
      key: 'QUANTITY_WHOLE',
    });
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'quantity', decimals: 0, lot: 100 })).toEqual({
      key: 'LOT_MULTIPLE',
      params: { lot: 100 },
    });
    // A coin quantity is a multiple of its step, as the broker says it.
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'quantity', decimals: 5 })).toEqual({
      key: 'LOT_MULTIPLE',
      params: { lot: '0.00001' },
    });
    expect(decimalInputError('TOO_MANY_DECIMALS', { field: 'amount', decimals: 8 })).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 8 },
    });
  });

  it('names the field when nothing or no number was typed', () => {
    expect(decimalInputError('EMPTY', { field: 'amount', decimals: 8 })).toEqual({
      key: 'FIELD_REQUIRED',
      params: { field: 'amount' },
    });
    expect(decimalInputError('INVALID', { field: 'quantity', decimals: 4 })).toEqual({
      key: 'FIELD_INVALID',
      params: { field: 'quantity' },
    });
    expect(decimalInputError('INVALID', { field: 'quantity', decimals: 4, label: 'coin_quantity' })).toEqual({
      key: 'FIELD_INVALID',
      params: { field: 'coin_quantity' },
    });
  });
});

describe('readNumberInput', () => {
  it('reads in the locale, and is silent while empty', () => {
    const price = { field: 'price', decimals: 2 } as const;
    expect(readNumberInput('318,55', 'tr-TR', price)).toEqual({ value: '318.55', error: null });
    expect(readNumberInput('  ', 'tr-TR', price)).toEqual({ value: null, error: null });
    expect(readNumberInput('318,555', 'tr-TR', price).error?.key).toBe('AMOUNT_PRECISION');
    expect(readNumberInput('318.555', 'en-US', price).error?.key).toBe('AMOUNT_PRECISION');
    expect(readNumberInput('-1', 'en-US', price).error?.key).toBe('LIMIT_PRICE_ZERO');
  });
});
