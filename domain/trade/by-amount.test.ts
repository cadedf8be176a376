import { describe, expect, it } from 'vitest';
import type { BookLevels } from '../market/market-estimate';
import { coinBuyByAmount, leftoverAfter, stockBuyByAmount, walkAsks } from './by-amount';

/** The broker's default stock costs: 0.15% commission, BSMV 5% of it, 0.003% exchange fee. */
const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };

function asks(levels: [string, string][]): BookLevels {
  return {
    bids: [],
    bidQty: {},
    asks: levels.map(([price]) => price),
    askQty: Object.fromEntries(levels),
  };
}

describe('stock buy by amount at a limit price', () => {
  it('₺5.000 at 45,50: 109 shares, ₺7,96 costs, ₺32,54 left', () => {
    // 109 × 45.50 = 4959.50 (110 would be 5005); commission 7.43925 → 7.44, BSMV 0.372 → 0.37,
    // exchange fee 0.148785 → 0.15: total 4967.46.
    expect(stockBuyByAmount('5000', 1, { kind: 'limit', price: '45.50' }, COSTS)).toEqual({
      quantity: '109',
      amount: '4959.5',
      costs: { commission: '7.44', bsmv: '0.37', exchangeFee: '0.15', total: '7.96' },
      total: '4967.46',
      leftover: '32.54',
      thin: false,
    });
  });

  it('leaves out the share whose costs would go over the budget', () => {
    // 100 × 10 = 1000 needs 1.50 + 0.08 + 0.03 on top: over. 99 × 10 = 990, costs 1.49 + 0.07 + 0.03.
    expect(stockBuyByAmount('1000', 1, { kind: 'limit', price: '10' }, COSTS)).toMatchObject({
      quantity: '99',
      amount: '990',
      total: '991.59',
      leftover: '8.41',
    });
  });

  it('counts the minimum commission', () => {
    // 99 × 10 = 990: commission max(1.49, 5) = 5, BSMV 0.25, fee 0.03 → 995.28.
    const settings = { ...COSTS, minCommission: '5' };
    expect(stockBuyByAmount('1000', 1, { kind: 'limit', price: '10' }, settings)).toMatchObject({
      quantity: '99',
      costs: { commission: '5', bsmv: '0.25', exchangeFee: '0.03', total: '5.28' },
      total: '995.28',
      leftover: '4.72',
    });
  });

  it('buys whole lots only', () => {
    // Lots of 10: 10 lots (100 shares) need 1001.61; 9 lots = 900 + 1.35 + 0.07 + 0.03.
    expect(stockBuyByAmount('1000', 10, { kind: 'limit', price: '10' }, COSTS)).toMatchObject({
      quantity: '90',
      total: '901.45',
      leftover: '98.55',
    });
  });

  it('answers null when not one lot fits, or nothing is priced', () => {
    expect(stockBuyByAmount('5', 1, { kind: 'limit', price: '10' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('10', 1, { kind: 'limit', price: '10' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('1000', 1, { kind: 'limit', price: '0' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('0', 1, { kind: 'limit', price: '10' }, COSTS)).toBeNull();
    // What the fields hold before anything is typed, or mid-typing.
    expect(stockBuyByAmount('', 1, { kind: 'limit', price: '10' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('1000', 1, { kind: 'limit', price: '' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('-5', 1, { kind: 'limit', price: '10' }, COSTS)).toBeNull();
    expect(stockBuyByAmount('1000', 1, { kind: 'market', book: undefined }, COSTS)).toBeNull();
  });
});

describe('stock buy by amount at market, walking the asks', () => {
  const book = asks([
    ['10', '30'],
    ['10.05', '50'],
    ['10.1', '1000'],
  ]);

  it('prices each level at its own price', () => {
    // 30 × 10 + 50 × 10.05 + 5 × 10.10 = 300 + 502.5 + 50.5
    expect(walkAsks(book, '85')?.toFixed()).toBe('853');
  });

  it('₺800: 79 shares over two levels, costs included', () => {
    // 80 shares: 300 + 50 × 10.05 = 802.50, over. 79: 300 + 49 × 10.05 = 792.45;
    // commission 1.188675 → 1.19, BSMV 0.0595 → 0.06, fee 0.0237735 → 0.02: 793.72.
    expect(stockBuyByAmount('800', 1, { kind: 'market', book }, COSTS)).toEqual({
      quantity: '79',
      amount: '792.45',
      costs: { commission: '1.19', bsmv: '0.06', exchangeFee: '0.02', total: '1.27' },
      total: '793.72',
      leftover: '6.28',
      thin: false,
    });
  });

  it('buys no more than the levels shown hold, and says the book is thin', () => {
    // The budget would buy 9 at 10 past the 5 shown, but the broker's next levels may be dearer:
    // 5 × 10 = 50, commission 0.075 → 0.08, BSMV 0.004 → 0, fee 0.0015 → 0.
    expect(stockBuyByAmount('100', 1, { kind: 'market', book: asks([['10', '5']]) }, COSTS)).toMatchObject({
      quantity: '5',
      amount: '50',
      total: '50.08',
      leftover: '49.92',
      thin: true,
    });
  });
});

describe('coin buy by amount on the pair step', () => {
  const FEE = { feeRate: '0.001', minAmount: '10' };

  it('100 USDT of BTC at 60 000 with a 0.001 step', () => {
    // 0.001 × 60000 = 60, fee 0.06; 0.002 would be 120.
    expect(coinBuyByAmount('100', '0.001', { kind: 'limit', price: '60000' }, FEE)).toEqual({
      quantity: '0.001',
      amount: '60',
      fee: '0.06',
      total: '60.06',
      leftover: '39.94',
      thin: false,
    });
  });

  it('leaves out the step whose fee would go over', () => {
    // 3.00 × 333.33 = 999.99 + fee 0.99999 > 1000; 2.99 × 333.33 = 996.6567 + 0.9966567.
    expect(coinBuyByAmount('1000', '0.01', { kind: 'limit', price: '333.33' }, FEE)).toEqual({
      quantity: '2.99',
      amount: '996.6567',
      fee: '0.9966567',
      total: '997.6533567',
      leftover: '2.3466433',
      thin: false,
    });
  });

  it('walks the asks for a market buy', () => {
    // 0.5 at 100 + 0.3 at 101 = 80.3, fee 0.0803: 80.3803 ≤ 81; 0.81 would need 81.31 + fee.
    const book = asks([
      ['100', '0.5'],
      ['101', '2'],
    ]);
    expect(coinBuyByAmount('81', '0.01', { kind: 'market', book }, FEE)).toMatchObject({
      quantity: '0.8',
      amount: '80.3',
      total: '80.3803',
    });
  });
});

describe('what the budget leaves under the preview', () => {
  it('is the budget typed less the total the broker walked, so the two rows add up to it', () => {
    // Budget 1000 = total 999.2 + leftover 0.8 at the limit; the book fills it for 999.04.
    const bought = { quantity: '0.02', amount: '998.2', fee: '1', total: '999.2', leftover: '0.8' };
    expect(leftoverAfter(bought, '999.04')).toBe('0.96');
  });
});
