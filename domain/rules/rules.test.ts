import { describe, expect, it } from 'vitest';
import { coinFee, stockBuyTotal, stockCosts } from './costs';
import { checkCoinOrder } from './coin';
import { checkStockOrder, checkStockSell, stockBand, stockTick } from './stock';
import type { RuleInstrument } from './types';

const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };
const LIMITS = { minAmount: '1', maxShares: 1_000_000 };
const STOCK: RuleInstrument = {
  symbol: 'THYAO',
  market: 'stock',
  group: 1,
  lot: 1,
  priceScale: 2,
  qtyScale: 0,
  minQty: '1',
};
const COIN: RuleInstrument = {
  symbol: 'BTCUSDT',
  market: 'coin',
  group: null,
  lot: 1,
  priceScale: 2,
  qtyScale: 5,
  minQty: '0.00001',
};
const quote = { last: '100.00', prevClose: '100.00' };

describe('stock costs (hand-computed)', () => {
  it('rounds each cost half up to kuruş', () => {
    // 6007 × 0.0015 = 9.0105 → 9.01; × 0.05 = 0.4505 → 0.45; 6007 × 0.00003 = 0.18021 → 0.18.
    expect(stockCosts('6007', COSTS)).toEqual({
      commission: '9.01',
      bsmv: '0.45',
      exchangeFee: '0.18',
      total: '9.64',
    });
    expect(stockBuyTotal('1000', COSTS)).toBe('1001.61');
    expect(stockCosts('0', COSTS).total).toBe('0');
  });
  it('applies the minimum commission once anything trades', () => {
    expect(stockCosts('100', { ...COSTS, minCommission: '5' })).toEqual({
      commission: '5',
      bsmv: '0.25',
      exchangeFee: '0',
      total: '5.25',
    });
  });
  it('is non-decreasing in the amount (a hold of the largest amount covers every fill)', () => {
    let previous = '0';
    for (let kurus = 0; kurus < 50_000; kurus += 37) {
      const total = stockCosts((kurus / 100).toFixed(2), COSTS).total;
      expect(Number(total)).toBeGreaterThanOrEqual(Number(previous));
      previous = total;
    }
  });
  it('coin fee is the rate of the amount to 8 places', () => {
    expect(coinFee('5001', { feeRate: '0.001', minAmount: '5' })).toBe('5.001');
    expect(coinFee('0.123456789', { feeRate: '0.001', minAmount: '5' })).toBe('0.00012346');
  });
});

describe('stock rules', () => {
  const check = (draft: Parameters<typeof checkStockOrder>[1], q = quote) =>
    checkStockOrder(STOCK, draft, q, LIMITS);
  it('answers the first broken rule with its parameters', () => {
    expect(
      checkStockOrder(undefined, { side: 'buy', type: 'market', quantity: '1' }, quote, LIMITS)?.key,
    ).toBe('NOT_TRADABLE');
    expect(check({ side: 'buy', type: 'market', quantity: '0' })?.key).toBe('ORDER_AMOUNT_ZERO');
    expect(check({ side: 'buy', type: 'market', quantity: '2.5' })).toEqual({ key: 'QUANTITY_WHOLE' });
    expect(check({ side: 'buy', type: 'limit', quantity: '1', price: '0' })?.key).toBe('LIMIT_PRICE_ZERO');
    // Below zero is the same mistake as zero (must be greater than 0), not an "invalid field".
    expect(check({ side: 'buy', type: 'limit', quantity: '1', price: '-5' })?.key).toBe('LIMIT_PRICE_ZERO');
    expect(check({ side: 'buy', type: 'limit', quantity: '1', price: '100.05' })).toEqual({
      key: 'PRICE_TICK',
      params: { tick: '0.10' },
    });
    expect(check({ side: 'sell', type: 'limit', quantity: '1', price: '79.95' })).toEqual({
      key: 'PRICE_OUTSIDE_BAND',
      params: { lower: '80.00', upper: '120.00' },
    });
    expect(
      check({ side: 'buy', type: 'market', quantity: '1' }, { last: '120.00', prevClose: '100.00' })?.key,
    ).toBe('LIMIT_UP_NO_BUY');
    expect(check({ side: 'buy', type: 'limit', quantity: '1', price: '100.00' })).toBeNull();
  });
  it('knows ticks and bands', () => {
    expect(stockTick('19.99')).toBe('0.01');
    expect(stockTick('250.10')).toBe('0.25');
    expect(stockBand(STOCK, '100.00')).toEqual({ lower: '80.00', upper: '120.00' });
    expect(stockBand(STOCK, null)).toBeNull();
  });
  it('tells locked shares from missing ones', () => {
    expect(checkStockSell('5', '0', '0')?.key).toBe('AVAILABLE_QUANTITY_ZERO');
    expect(checkStockSell('5', '10', '10')?.key).toBe('T1_LOCKED');
    expect(checkStockSell('5', '10', '8')?.key).toBe('T1_LOCKED');
    expect(checkStockSell('15', '10', '8')).toEqual({
      key: 'INSUFFICIENT_QUANTITY',
      params: { available: '2' },
    });
    expect(checkStockSell('2', '10', '8')).toBeNull();
  });
});

describe('coin rules', () => {
  const settings = { feeRate: '0.001', minAmount: '5' };
  it('checks the grids and the minimum amount', () => {
    const check = (draft: Parameters<typeof checkCoinOrder>[1]) =>
      checkCoinOrder(COIN, draft, '50000.00', settings);
    expect(check({ side: 'buy', type: 'market', quantity: '0.000001' })).toEqual({
      key: 'LOT_MULTIPLE',
      params: { lot: '0.00001' },
    });
    expect(check({ side: 'buy', type: 'limit', quantity: '0.01', price: '1.001' })).toEqual({
      key: 'PRICE_TICK',
      params: { tick: '0.01' },
    });
    expect(check({ side: 'buy', type: 'market', quantity: '0.00001' })).toEqual({
      key: 'ORDER_BELOW_MINIMUM',
      params: { min: '5' },
    });
    expect(check({ side: 'sell', type: 'market', quantity: '0.001' })).toBeNull();
    expect(checkCoinOrder(STOCK, { side: 'buy', type: 'market', quantity: '1' }, null, settings)?.key).toBe(
      'NOT_TRADABLE',
    );
  });
});
