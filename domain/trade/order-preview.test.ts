import { describe, expect, it } from 'vitest';
import { averageFillPrice, fillsTotal, walkLevels, type WalkLevel } from './book-walk';
import { marketCapOf } from './market-cap';
import { priceDistance, spotPreviewFigures } from './order-preview';
import { spotCapAndHold, spotCosts, spotHoldAt, type SpotOrderTerms } from './spot-order-cost';

const RULES = {
  stockCosts: { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' },
  coinSpot: { feeRate: '0.001', minAmount: '5' },
};
const ASKS: WalkLevel[] = [
  ['100.10', '50'],
  ['100.20', '100'],
  ['100.50', '1000'],
];
const COIN_BIDS: WalkLevel[] = [
  ['49990.00', '0.5'],
  ['49980.00', '2'],
];
const stockBuy = (quantity: string, type: 'market' | 'limit' = 'market', price: string | null = null) =>
  ({ wallet: 'stock', side: 'buy', type, quantity, price }) satisfies SpotOrderTerms;

describe('the book walked as a fill walks it (hand-computed)', () => {
  it('takes levels best first at their own prices, never past the limit', () => {
    expect(walkLevels(ASKS, 'buy', '120', null)).toEqual([
      { price: '100.10', qty: '50' },
      { price: '100.20', qty: '70' },
    ]);
    expect(walkLevels(ASKS, 'buy', '120', '100.10')).toEqual([{ price: '100.10', qty: '50' }]);
    expect(walkLevels(COIN_BIDS, 'sell', '0.6', '49985')).toEqual([{ price: '49990.00', qty: '0.5' }]);
    expect(walkLevels([], 'buy', '1', null)).toEqual([]);
  });

  it('sums fills exactly and averages them on the record grid, truncated', () => {
    // 50 × 100.10 = 5005; 70 × 100.20 = 7014.
    const total = fillsTotal(walkLevels(ASKS, 'buy', '120', null));
    expect([total.qty.toFixed(), total.amount.toFixed()]).toEqual(['120', '12019']);
    // 12019 ÷ 120 = 100.1583333… → 6 places (price scale 2 + 4), cut.
    expect(averageFillPrice('12019', '120', 2)).toBe('100.158333');
    expect(averageFillPrice('0', '0', 2)).toBeNull();
  });
});

describe('a market order cap (hand-computed)', () => {
  it('is the covering level plus 0.5 %, on the grid, inside the band', () => {
    // 120 needs 50 at 100.10 and 70 of 100.20: 100.20 × 1.005 = 100.701 → down to 100.70.
    expect(marketCapOf(ASKS, 'buy', '120', 2, null)).toEqual({ shown: '100.2', protected: '100.7' });
    expect(marketCapOf(ASKS, 'buy', '120', 2, { lower: '90', upper: '100.5' })).toEqual({
      shown: '100.2',
      protected: '100.5',
    });
    // A sell: 99.80 × 0.995 = 99.301 → up to 99.31; a level under the band's floor is never reached.
    const bids: WalkLevel[] = [
      ['99.90', '50'],
      ['99.80', '100'],
    ];
    expect(marketCapOf(bids, 'sell', '60', 2, null)).toEqual({ shown: '99.8', protected: '99.31' });
    const under: WalkLevel[] = [
      ['99.90', '50'],
      ['99.40', '100'],
    ];
    expect(marketCapOf(under, 'sell', '60', 2, { lower: '99.5', upper: '110' })).toEqual({
      shown: '99.9',
      protected: '99.5',
    });
    expect(marketCapOf([], 'buy', '1', 2, null)).toBeNull();
  });
});

describe('spot costs and holds (hand-computed)', () => {
  it('charges a stock line by line and a coin one fee', () => {
    // 12019 × 0.0015 = 18.0285 → 18.03; × 0.05 = 0.9015 → 0.90; 12019 × 0.00003 = 0.36057 → 0.36.
    expect(spotCosts('stock', '12019', RULES)).toEqual({
      commission: '18.03',
      bsmv: '0.9',
      exchangeFee: '0.36',
      total: '19.29',
    });
    expect(spotCosts('coin', '5001', RULES)).toEqual({
      commission: '5.001',
      bsmv: '0',
      exchangeFee: '0',
      total: '5.001',
    });
  });

  it('holds a buy at its cap with costs, a sell its quantity', () => {
    // 120 × 100.70 = 12084; 18.126 → 18.13; 0.9065 → 0.91; 0.36252 → 0.36: 12084 + 19.40.
    expect(spotHoldAt(stockBuy('120'), '100.7', RULES)).toBe('12103.4');
    expect(spotHoldAt({ wallet: 'coin', side: 'sell', quantity: '0.6' }, '49980', RULES)).toBe('0.6');
  });

  it('falls back to the shown level when the cash covers only that', () => {
    const caps = { shown: '100.2', protected: '100.7' };
    expect(spotCapAndHold(stockBuy('120'), caps, () => '99999', RULES)).toEqual({
      cap: '100.7',
      hold: '12103.4',
    });
    // At 100.20: 12024 + 18.04 + 0.90 + 0.36 = 12043.30, covered by 12050.
    expect(spotCapAndHold(stockBuy('120'), caps, () => '12050', RULES)).toEqual({
      cap: '100.2',
      hold: '12043.3',
    });
    // Short of both: the protected hold stands (and the ledger refuses it).
    expect(spotCapAndHold(stockBuy('120'), caps, () => '12000', RULES)?.cap).toBe('100.7');
    expect(spotCapAndHold(stockBuy('120', 'limit', '100.15'), null, () => '0', RULES)).toEqual({
      cap: '100.15',
      hold: spotHoldAt(stockBuy('120'), '100.15', RULES),
    });
    expect(spotCapAndHold(stockBuy('120'), null, () => '0', RULES)).toBeNull();
  });
});

describe('an order preview (hand-computed)', () => {
  it('prices a market buy over the levels it takes', () => {
    const order = stockBuy('120');
    const figures = spotPreviewFigures(order, walkLevels(ASKS, 'buy', '120', '100.7'), 2, RULES);
    expect(figures).toMatchObject({
      filledQty: '120',
      restQty: '0',
      amount: '12019',
      avgPrice: '100.158333',
      feeTotal: '19.29',
      total: '12038.29',
    });
    expect(figures.fees).toEqual([
      { key: 'commission', amount: '18.03' },
      { key: 'bsmv', amount: '0.9' },
      { key: 'exchangeFee', amount: '0.36' },
    ]);
  });

  it('prices a limit buy with its rest at the limit', () => {
    // 50 × 100.10 + 100 × 100.20 now (15025), 50 rest at 100.20 (5010): 20035 in all.
    // 20035 × 0.0015 = 30.0525 → 30.05; × 0.05 = 1.5025 → 1.50; × 0.00003 = 0.60105 → 0.60.
    const order = stockBuy('200', 'limit', '100.20');
    const figures = spotPreviewFigures(order, walkLevels(ASKS, 'buy', '200', '100.20'), 2, RULES);
    expect(figures).toMatchObject({
      filledQty: '150',
      restQty: '50',
      amount: '20035',
      avgPrice: '100.175',
      feeTotal: '32.15',
      total: '20067.15',
    });
  });

  it('prices a coin market sell out of the proceeds', () => {
    // 0.5 × 49990 + 0.1 × 49980 = 24995 + 4998 = 29993; fee 29.993.
    const order = { wallet: 'coin', side: 'sell', type: 'market', quantity: '0.6', price: null } as const;
    const figures = spotPreviewFigures(order, walkLevels(COIN_BIDS, 'sell', '0.6', null), 2, RULES);
    expect(figures).toMatchObject({
      amount: '29993',
      avgPrice: '49988.333333',
      fees: [{ key: 'fee', amount: '29.993' }],
      total: '29963.007',
    });
  });

  it('says how far the average is from the last price', () => {
    expect(priceDistance('100.158333', '100.00')).toEqual({ diff: '0.158333', percent: '0.16' });
    // −11.666667 ÷ 50000 = −0.0233 %.
    expect(priceDistance('49988.333333', '50000')).toEqual({ diff: '-11.666667', percent: '-0.02' });
    expect(priceDistance(null, '1')).toBeNull();
    expect(priceDistance('1', '0')).toBeNull();
  });
});
