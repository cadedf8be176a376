import { describe, expect, it } from 'vitest';
import type { BookLevels } from '../../domain/market/market-estimate';
import type { CoinInfo } from '../../domain/protocol/market';
import { coinBuyByAmount } from '../../domain/trade/by-amount';
import { evaluateSpot, type SpotEnv } from '../../src/screens/contract/spot-ticket-logic';

/** BTCUSDT on its grid, the broker's 0.1 % fee, four ask levels (domain/trade/coin-by-amount.test.ts). */
const INFO: CoinInfo = {
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  qtyScale: 5,
  minQty: '0.00001',
};
const FEE = { feeRate: '0.001', minAmount: '5' };
const ASKS: [string, string][] = [
  ['50010.00', '0.004'],
  ['50012.37', '0.003'],
  ['50020.00', '0.01'],
  ['50100.00', '0.5'],
];
const BOOK: BookLevels = {
  bids: ['49990.00'],
  bidQty: { '49990.00': '1' },
  asks: ASKS.map(([price]) => price),
  askQty: Object.fromEntries(ASKS),
};
const env = (quoteAvailable = '100000'): SpotEnv => ({
  info: INFO,
  last: '50000.00',
  settings: FEE,
  book: BOOK,
  quoteAvailable,
  baseAvailable: '0',
  locale: 'en-US',
});

describe("the coin ticket's own figures for a budget's order", () => {
  it('at market: the ones the budget was fitted with, to the digit', () => {
    const bought = coinBuyByAmount('1000', '0.00001', { kind: 'market', book: BOOK }, FEE)!;
    const state = evaluateSpot({ side: 'buy', type: 'market', quantity: bought.quantity, price: '' }, env());
    // 0.01996 BTC over the four levels: 998.57311 + 0.99857311.
    expect(state.preview).toEqual({ amount: '998.57311', fee: '0.99857311', total: '999.57168311' });
    expect(state.preview?.total).toBe(bought.total);
  });

  it('at a limit: the asks below it at their prices, as the preview shows, not the limit alone', () => {
    const pricing = { kind: 'limit' as const, price: '50020.00', book: BOOK };
    const bought = coinBuyByAmount('250.5', '0.00001', pricing, FEE)!;
    const state = evaluateSpot(
      { side: 'buy', type: 'limit', quantity: bought.quantity, price: '50020.00' },
      env(),
    );
    // 0.005 at 50020 would be 250.1 + 0.2501; the asks give 200.04 + 50.01237.
    expect(state.preview).toEqual({ amount: '250.05237', fee: '0.25005237', total: '250.30242237' });
    expect(state.preview?.total).toBe(bought.total);
  });

  it('a limit buy needs its hold at the limit free, whatever it is estimated to pay', () => {
    const draft = { side: 'buy' as const, type: 'limit' as const, quantity: '0.005', price: '50020.00' };
    // Estimated 250.30242237, held 250.3501: 250.34 free is short.
    expect(evaluateSpot(draft, env('250.34')).error).toEqual({ key: 'INSUFFICIENT_BALANCE' });
    expect(evaluateSpot(draft, env('250.3501')).error).toBeNull();
  });
});
