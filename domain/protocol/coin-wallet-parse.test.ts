import { describe, expect, it } from 'vitest';
import { coinAssetsSchema } from './coin-wallet';
import { parseCoinAssets } from './coin-wallet-parse';

const btc = { currency: 'BTC', available: '0.5', frozen: '0', total: '0.5', valueUsdt: '48117.5' };
const contract = { available: '100', frozen: '0', total: '100', unrealizedPnl: '-1.25' };
const assets = { coin: [btc], contract, totalUsdt: '48217.5', spot: { feeRate: '0.001', minAmount: '5' } };

const VALID = [
  assets,
  { ...assets, spot: undefined },
  { coin: [], contract, totalUsdt: '0' },
  { ...assets, extra: 1, coin: [{ ...btc, valueUsdt: null, extra: 'dropped' }] },
  { ...assets, contract: { ...contract, extra: true }, spot: { feeRate: '0', minAmount: '0', extra: 2 } },
];
const INVALID = [
  null,
  [],
  'x',
  {},
  { ...assets, coin: null },
  { ...assets, coin: {} },
  { ...assets, coin: [null] },
  { ...assets, coin: [{ ...btc, available: 0.5 }] },
  { ...assets, coin: [{ ...btc, currency: undefined }] },
  { ...assets, coin: [{ ...btc, valueUsdt: undefined }] },
  { ...assets, coin: [{ ...btc, valueUsdt: 1 }] },
  { ...assets, contract: null },
  { ...assets, contract: [] },
  { ...assets, contract: { ...contract, unrealizedPnl: null } },
  { ...assets, totalUsdt: 1 },
  { coin: [], contract },
  { ...assets, spot: null },
  { ...assets, spot: { feeRate: '0.001' } },
  { ...assets, spot: { feeRate: 0.001, minAmount: '5' } },
];

describe('parseCoinAssets agrees with coinAssetsSchema', () => {
  it.each(VALID)('accepts %j as the schema does', (answer) => {
    expect(parseCoinAssets(answer)).toEqual(coinAssetsSchema.parse(answer));
  });
  it.each(INVALID)('refuses %j as the schema does', (answer) => {
    expect(coinAssetsSchema.safeParse(answer).success).toBe(false);
    expect(() => parseCoinAssets(answer)).toThrow(TypeError);
  });
});
