import { describe, expect, it } from 'vitest';
import { portfolioValue, type PortfolioInput } from './value';

// Hand-computed: THYAO 10 × 320 = 3,200 (prev 10 × 318.50 = 3,185); BTC 0.01 × 96,000 = 960 USDT,
// × 43.85 = 42,096 TRY (prev 0.01 × 95,000 × 43.80 = 41,610); USDT 100 × 43.85 = 4,385 (prev 4,380);
// contract 50 USDT cash − 7.5 + 2.5 USDT open PnL = 45 × 43.85 = 1,973.25 (prev 45 × 43.80 = 1,971).
const input: PortfolioInput = {
  balances: [
    { wallet: 'stock', currency: 'TRY', total: '1000' },
    { wallet: 'stock', currency: 'THYAO', total: '10' },
    { wallet: 'coin', currency: 'USDT', total: '100' },
    { wallet: 'coin', currency: 'BTC', total: '0.01' },
    { wallet: 'contract', currency: 'USDT', total: '50' },
  ],
  prices: {
    THYAO: { last: '320', prev: '318.50' },
    BTCUSDT: { last: '96000', prev: '95000' },
  },
  usdtTry: { last: '43.85', prev: '43.80' },
  contractPnls: ['-7.5', '2.5'],
};

describe('portfolioValue', () => {
  it('values every wallet in TRY at the feed prices, contract PnL included', () => {
    expect(portfolioValue(input)).toEqual({
      totalTry: '52654.25',
      // 52,654.25 − 52,146.00
      dayPnlTry: '508.25',
      // 508.25 / 52,146 = 0.974667…% truncated
      dayPnlPct: '0.97',
      parts: { stock: '4200.00', coin: '46481.00', contract: '1973.25', products: '0.00' },
      missing: [],
    });
  });

  it('counts what products hold outside the wallets, moving the day only through the rate', () => {
    // An AI order worth 2,500.40 TRY and a robot worth 120 USDT (× 43.85 = 5,262; prev × 43.80 =
    // 5,256): products 7,762.40, total 52,654.25 + 7,762.40 = 60,416.65; day 508.25 + 6 = 514.25
    // over a previous value of 52,146 + 2,500.40 + 5,256 = 59,902.40 → 0.858479…% → 0.85.
    const value = portfolioValue({
      ...input,
      products: [
        { currency: 'TRY', value: '2500.4' },
        { currency: 'USDT', value: '120' },
      ],
    });
    expect(value).toMatchObject({
      totalTry: '60416.65',
      dayPnlTry: '514.25',
      dayPnlPct: '0.85',
      parts: { products: '7762.40' },
    });
    // A USDT product without the rate: no total, and the rate is named.
    const noRate = portfolioValue({
      balances: [],
      prices: {},
      usdtTry: undefined,
      contractPnls: [],
      products: [{ currency: 'USDT', value: '1' }],
    });
    expect([noRate.totalTry, noRate.parts.products, noRate.missing]).toEqual([null, null, ['USDTTRY']]);
  });

  it('shows no total while a held instrument has no price, and names it', () => {
    const value = portfolioValue({ ...input, prices: { BTCUSDT: input.prices.BTCUSDT } });
    expect(value.totalTry).toBeNull();
    expect(value.dayPnlTry).toBeNull();
    expect(value.parts).toEqual({ stock: null, coin: '46481.00', contract: '1973.25', products: '0.00' });
    expect(value.missing).toEqual(['THYAO']);
  });

  it('needs the USDT/TRY rate for any USDT balance', () => {
    const value = portfolioValue({ ...input, usdtTry: undefined });
    expect(value.totalTry).toBeNull();
    expect(value.parts.stock).toBe('4200.00');
    expect(value.parts.coin).toBeNull();
    expect(value.missing).toEqual(['USDTTRY']);
  });

  it('needs no rate for a TRY-only account, and truncates to kuruş', () => {
    // 3 × 10.333 = 30.999 → 30.99; prev 3 × 10.334 = 31.002 → day −0.003 → 0.00 (never −0.00).
    const value = portfolioValue({
      balances: [
        { wallet: 'stock', currency: 'TRY', total: '0' },
        { wallet: 'stock', currency: 'AKBNK', total: '3' },
        { wallet: 'coin', currency: 'USDT', total: '0' },
        { wallet: 'contract', currency: 'USDT', total: '0' },
      ],
      prices: { AKBNK: { last: '10.333', prev: '10.334' } },
      usdtTry: undefined,
      contractPnls: [],
    });
    expect(value).toMatchObject({ totalTry: '30.99', dayPnlTry: '0.00', missing: [] });
  });

  it('an empty account is worth 0.00 with no day percentage', () => {
    const value = portfolioValue({ balances: [], prices: {}, usdtTry: undefined, contractPnls: [] });
    expect(value).toMatchObject({ totalTry: '0.00', dayPnlTry: '0.00', dayPnlPct: null });
  });
});
