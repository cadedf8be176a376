import { describe, expect, it } from 'vitest';
import { coinInfosAnswerSchema } from './market';
import { parseCoinInfos } from './market-rest-parse';

const info = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  name: 'Bitcoin',
  priceScale: 2,
  qtyScale: 6,
  minQty: '0.000001',
};

const valid = [
  { list: [] },
  { list: [info] },
  {
    list: [
      { ...info, extra: 'dropped' },
      { ...info, symbol: 'ETHUSDT' },
    ],
  },
];
const invalid = [
  null,
  {},
  { list: {} },
  { list: [null] },
  { list: [{ ...info, minQty: 0.1 }] },
  { list: [{ ...info, priceScale: 1.5 }] },
  { list: [{ ...info, qtyScale: '6' }] },
  { list: [{ ...info, name: undefined }] },
];

describe('parseCoinInfos agrees with coinInfosAnswerSchema', () => {
  it.each(valid)('accepts %j as the schema does', (answer) => {
    expect(parseCoinInfos(answer)).toEqual(coinInfosAnswerSchema.parse(answer).list);
  });
  it.each(invalid)('refuses %j as the schema does', (answer) => {
    expect(coinInfosAnswerSchema.safeParse(answer).success).toBe(false);
    expect(() => parseCoinInfos(answer)).toThrow(TypeError);
  });
});
