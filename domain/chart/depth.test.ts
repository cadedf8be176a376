import { describe, expect, it } from 'vitest';
import { depthCurve } from './depth';

describe('depthCurve', () => {
  const bids = { prices: ['10.00', '9.99', '9.98'], qty: { '10.00': '1.5', '9.99': '2', '9.98': '0.25' } };
  const asks = { prices: ['10.01', '10.02', '10.03'], qty: { '10.01': '4', '10.03': '0.5' } };

  it('adds up each side from the best price outward', () => {
    expect(depthCurve(bids, asks, 20)).toEqual({
      bids: [
        { price: '10.00', total: '1.5' },
        { price: '9.99', total: '3.5' },
        { price: '9.98', total: '3.75' },
      ],
      // 10.02 has no size yet: it adds nothing and draws no step.
      asks: [
        { price: '10.01', total: '4' },
        { price: '10.03', total: '4.5' },
      ],
      max: '4.5',
    });
  });

  it('stops at the depth asked for', () => {
    const curve = depthCurve(bids, asks, 2);
    expect(curve.bids.map((p) => p.total)).toEqual(['1.5', '3.5']);
    expect(curve.asks.map((p) => p.total)).toEqual(['4']);
    expect(curve.max).toBe('4');
  });

  it('skips sizes it cannot read and keeps exact decimals', () => {
    const odd = { prices: ['1', '0.9', '0.8'], qty: { '1': '0.1', '0.9': 'x', '0.8': '0.2' } };
    expect(depthCurve(odd, { prices: [], qty: {} }, 10)).toEqual({
      bids: [
        { price: '1', total: '0.1' },
        { price: '0.8', total: '0.3' },
      ],
      asks: [],
      max: '0.3',
    });
  });

  it('adds quantities of any size and decimals exactly', () => {
    const coins = {
      prices: ['3', '2', '1'],
      qty: { '3': '0.00000001', '2': '123456789012345678', '1': '0.1' },
    };
    // 0.00000001 + 123456789012345678 = 123456789012345678.00000001; + 0.1 = ….10000001
    expect(depthCurve(coins, { prices: ['4'], qty: { '4': '1e2' } }, 10)).toEqual({
      bids: [
        { price: '3', total: '0.00000001' },
        { price: '2', total: '123456789012345678.00000001' },
        { price: '1', total: '123456789012345678.10000001' },
      ],
      asks: [{ price: '4', total: '100' }],
      max: '123456789012345678.10000001',
    });
  });

  it('refuses negative sizes as unreadable', () => {
    const odd = { prices: ['1', '0.9'], qty: { '1': '-2', '0.9': '0.5' } };
    expect(depthCurve(odd, { prices: [], qty: {} }, 10).bids).toEqual([{ price: '0.9', total: '0.5' }]);
  });

  it('is empty for an empty book', () => {
    expect(depthCurve({ prices: [], qty: {} }, { prices: [], qty: {} }, 20)).toEqual({
      bids: [],
      asks: [],
      max: '0',
    });
  });
});
