import { describe, expect, it } from 'vitest';
import type { BookLevels } from '../../domain/market/market-estimate';
import type { StockInfo } from '../../domain/protocol/market';
import { stockBuyByAmount } from '../../domain/trade/by-amount';
import { checkTicket, limitBuyHold, previewOrder } from '../../src/screens/trade/ticket-logic';

/** The broker's default stock costs, and a 318-lira stock's asks (domain/trade/stock-by-amount.test.ts). */
const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };
const ASKS: [string, string][] = [
  ['318.25', '40'],
  ['318.5', '25'],
  ['318.75', '100'],
];
const BOOK: BookLevels = {
  bids: ['318'],
  bidQty: { '318': '50' },
  asks: ASKS.map(([price]) => price),
  askQty: Object.fromEntries(ASKS),
};
const INFO = {
  symbol: 'THYAO',
  market: 'stock',
  group: 1,
  lot: 1,
  priceScale: 2,
  prevClose: '318',
  lowerLimit: '254.4',
  upperLimit: '381.6',
} as StockInfo;
const LIMITS = { minAmount: '0', maxShares: 1_000_000 };

describe("the stock ticket's own figures for a budget's order", () => {
  it('at market: the ones the budget was fitted with, to the digit', () => {
    const bought = stockBuyByAmount('20000', 1, { kind: 'market', book: BOOK }, COSTS)!;
    // 40 × 318.25 + 22 × 318.50 = 19,737 + 29.61 + 1.48 + 0.59.
    expect(bought).toMatchObject({ quantity: '62', total: '19768.68', thin: false });
    const preview = previewOrder('buy', 'market', bought.quantity, null, '318', COSTS, BOOK);
    expect(preview).toMatchObject({ amount: '19737', total: '19768.68' });
    expect(preview.costs).toEqual(bought.costs);
  });

  it('at a limit: the asks below it at their prices, not the limit alone, and its hold at the limit', () => {
    const pricing = { kind: 'limit' as const, price: '319', book: { ...BOOK, asks: BOOK.asks.slice(0, 2) } };
    const bought = stockBuyByAmount('25000', 1, pricing, COSTS)!;
    // 78 sized at 319; 40 × 318.25 + 25 × 318.50 + 13 × 319 = 24,839.50 + 37.26 + 1.86 + 0.75.
    const preview = previewOrder('buy', 'limit', bought.quantity, '319', '318', COSTS, pricing.book);
    expect(preview).toMatchObject({ amount: '24839.5', total: '24879.37' });
    expect(preview.total).toBe(bought.total);
    // 78 × 319 = 24,882 + 37.32 + 1.87 + 0.75: what the order holds, within the budget.
    expect(preview.hold).toBe('24921.94');
    expect(limitBuyHold('78', '319', COSTS)).toBe('24921.94');
  });

  it('without the book a limit buy is the limit times the quantity, and holds that', () => {
    expect(previewOrder('buy', 'limit', '10', '319', '318', COSTS)).toEqual({
      price: '319',
      amount: '3190',
      costs: { commission: '4.79', bsmv: '0.24', exchangeFee: '0.1', total: '5.13' },
      total: '3195.13',
    });
  });

  it('a sale is estimated at its price, never at the asks', () => {
    // 10 × 318 = 3,180 − (4.77 + 0.24 + 0.1).
    expect(previewOrder('sell', 'market', '10', null, '318', COSTS, BOOK).total).toBe('3174.89');
  });

  it('a limit buy needs its hold free, whatever it is estimated to pay', () => {
    const draft = { side: 'buy' as const, type: 'limit' as const, quantity: '78', price: '319' };
    const preview = previewOrder('buy', 'limit', '78', '319', '318', COSTS, BOOK);
    expect(preview.total).toBe('24876.11');
    // Estimated 24,836.25 + 39.86 as the three asks fill it, held 24,921.94: 24,921.93 free is short.
    const account = (cash: string) => ({ cashAvailable: cash, free: '0', locked: '0' });
    expect(checkTicket(INFO, draft, '318', LIMITS, account('24921.93'), preview)).toEqual({
      key: 'INSUFFICIENT_BALANCE',
    });
    expect(checkTicket(INFO, draft, '318', LIMITS, account('24921.94'), preview)).toBeNull();
  });
});
