import { describe, expect, it } from 'vitest';
import { fieldErrorFromIssues } from './issues';
import { decimal, decimalOrEmpty } from './fields';
import { COLUMNS, readAtScale, scaleProblem } from './scale';

const money = COLUMNS.money;
const ZEROS_17 = '0'.repeat(17);
const NINES_20 = '9'.repeat(20);

describe('scaleProblem: a canonical decimal against NUMERIC(38,18)', () => {
  it.each([
    ['0', null],
    ['-0', null],
    ['1', null],
    ['0.5', null],
    [`0.${ZEROS_17}1`, null], // 1e-18: the last decimal the column keeps
    [`0.${ZEROS_17}10000`, null], // trailing zeros are not decimals
    [`${NINES_20}.${'9'.repeat(18)}`, null], // the largest value it holds
    [`-${NINES_20}`, null],
    [`0.${ZEROS_17}01`, { key: 'AMOUNT_PRECISION', params: { decimals: 18 } }], // 1e-19 would store 0
    ['0.000000000000000000000000001', { key: 'AMOUNT_PRECISION', params: { decimals: 18 } }], // 1e-27
    ['1.1234567890123456789', { key: 'AMOUNT_PRECISION', params: { decimals: 18 } }], // would round
    [`1${'0'.repeat(20)}`, { key: 'NUMBER_OUT_OF_RANGE', params: { digits: 20 } }], // 1e20
    [`-1${'0'.repeat(20)}.5`, { key: 'NUMBER_OUT_OF_RANGE', params: { digits: 20 } }],
  ])('%s → %j', (text, expected) => {
    expect(scaleProblem(text, money)).toEqual(expected);
  });

  it('names the decimals first when both are too many', () => {
    expect(scaleProblem(`1${'0'.repeat(25)}.${'1'.repeat(19)}`, money)).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 18 },
    });
  });

  it('reads other columns at their own scale', () => {
    expect(scaleProblem('12', COLUMNS.lots)).toBeNull();
    expect(scaleProblem('12.0', COLUMNS.lots)).toBeNull();
    expect(scaleProblem('12.5', COLUMNS.lots)).toEqual({ key: 'AMOUNT_PRECISION', params: { decimals: 0 } });
    expect(scaleProblem('9999.123456', COLUMNS.fraction)).toBeNull();
    expect(scaleProblem('0.1234567', COLUMNS.fraction)).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 6 },
    });
    expect(scaleProblem('10000', COLUMNS.fraction)).toEqual({
      key: 'NUMBER_OUT_OF_RANGE',
      params: { digits: 4 },
    });
    expect(scaleProblem('1.25', { precision: 3, scale: 2 })).toBeNull();
    expect(scaleProblem('10.25', { precision: 3, scale: 2 })).toEqual({
      key: 'NUMBER_OUT_OF_RANGE',
      params: { digits: 1 },
    });
  });

  it('leaves a text that is not canonical to the format check', () => {
    for (const text of ['1e-27', '1e20', ' 1', '+1', '1,5', '01', '.5', '', 'NaN', 'Infinity'])
      expect(scaleProblem(text, money)).toBeNull();
  });
});

describe('readAtScale', () => {
  it('answers the exact Decimal of what fits', () => {
    const read = readAtScale(`${NINES_20}.${'9'.repeat(18)}`, money);
    expect(read.ok && read.value.toFixed()).toBe(`${NINES_20}.${'9'.repeat(18)}`);
    const tiny = readAtScale(`0.${ZEROS_17}1`, money);
    expect(tiny.ok && tiny.value.toFixed()).toBe(`0.${ZEROS_17}1`);
  });

  it('refuses, never rounds', () => {
    expect(readAtScale('0.000000000000000000000000001', money)).toEqual({
      ok: false,
      error: { key: 'AMOUNT_PRECISION', params: { decimals: 18 } },
    });
    expect(readAtScale('1e-27', money)).toEqual({ ok: false, error: { key: 'NUMBER_FORMAT' } });
    expect(readAtScale(' 5', money)).toEqual({ ok: false, error: { key: 'NUMBER_FORMAT' } });
  });
});

describe('decimal() and decimalOrEmpty() read at the column scale', () => {
  const firstError = (schema: ReturnType<typeof decimal>, value: string) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : fieldErrorFromIssues(parsed.error.issues, value);
  };

  it('take a value that fits, as sent', () => {
    expect(decimal().parse(`0.${ZEROS_17}1`)).toBe(`0.${ZEROS_17}1`);
    expect(decimal({ column: 'lots' }).parse('30')).toBe('30');
    expect(decimalOrEmpty().parse('')).toBe('');
    expect(decimalOrEmpty().parse('312.5')).toBe('312.5');
  });

  it('refuse too many decimals naming the allowed count, and too many integer digits', () => {
    expect(firstError(decimal(), '0.000000000000000000000000001')).toEqual({
      key: 'AMOUNT_PRECISION',
      field: '',
      params: { decimals: 18 },
    });
    expect(firstError(decimal(), '100000000000000000000')).toEqual({
      key: 'NUMBER_OUT_OF_RANGE',
      field: '',
      params: { digits: 20 },
    });
    expect(firstError(decimal({ column: { precision: 10, scale: 2 } }), '1.005')?.params).toEqual({
      decimals: 2,
    });
    expect(firstError(decimalOrEmpty(), '0.0000000000000000001')?.key).toBe('AMOUNT_PRECISION');
  });

  it('keep the format error first for what is not a canonical decimal', () => {
    expect(firstError(decimal(), '1e-27')?.key).toBe('NUMBER_FORMAT');
    expect(firstError(decimal(), '-1e20')?.key).toBe('NUMBER_FORMAT');
    expect(firstError(decimalOrEmpty(), ' 1')?.key).toBe('NUMBER_FORMAT');
  });
});
