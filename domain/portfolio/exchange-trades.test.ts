import { describe, expect, it } from 'vitest';
import { exchangeDayTrades, mergeDayTrades, type ExchangeLeg } from './exchange-trades';
import { portfolioValue } from './value';

const leg = (transaction: string, currency: string, amount: string): ExchangeLeg => ({
  transaction,
  currency,
  amount,
});

describe('conversions as the day trades', () => {
  it('a coin bought or sold for USDT costs that USDT; between two coins nothing; TRY ↔ USDT is no trade', () => {
    const { trades, usdtTraded } = exchangeDayTrades([
      // 500 USDT → 0.16 ETH
      leg('1', 'USDT', '-500'),
      leg('1', 'ETH', '0.16'),
      // 0.01 BTC → 960.5 USDT
      leg('2', 'BTC', '-0.01'),
      leg('2', 'USDT', '960.5'),
      // 0.5 BTC → 8.30834999 ETH (through USDT, which the user never held)
      leg('3', 'BTC', '-0.5'),
      leg('3', 'ETH', '8.30834999'),
      // 1,000 TRY → 22.71 USDT: the TRY leg is in the stock wallet, the USDT one a cash flow
      leg('4', 'USDT', '22.71'),
    ]);
    expect(trades).toEqual([
      // −0.01 − 0.5; paid −960.5 (received), nothing between coins
      { wallet: 'coin', currency: 'BTC', qty: '-0.51', cost: '-960.5' },
      // 0.16 + 8.30834999; 500 paid
      { wallet: 'coin', currency: 'ETH', qty: '8.46834999', cost: '500' },
    ]);
    // −500 + 960.5: the trades' USDT, no longer a flow of the cash.
    expect(usdtTraded).toBe('460.5');
  });

  it('joins the fills of the same coin and leaves out a line that nets to nothing', () => {
    const fills = [
      { wallet: 'stock' as const, currency: 'THYAO', qty: '10', cost: '3185' },
      { wallet: 'coin' as const, currency: 'ETH', qty: '0.04', cost: '120.12' },
    ];
    const converted = [
      { wallet: 'coin' as const, currency: 'ETH', qty: '-0.04', cost: '-120.12' },
      { wallet: 'coin' as const, currency: 'BTC', qty: '0.001', cost: '96' },
    ];
    expect(mergeDayTrades(fills, converted)).toEqual([
      { wallet: 'stock', currency: 'THYAO', qty: '10', cost: '3185' },
      { wallet: 'coin', currency: 'BTC', qty: '0.001', cost: '96' },
    ]);
  });

  it("moves the day's figure by the coin's change since the conversion, not over the whole day", () => {
    // 1,000 USDT funded yesterday; an hour ago 500 USDT → 0.16 ETH (3,125 USDT an ETH). ETH was
    // 3,000 24 h ago and is 3,200 now; USDT/TRY 40 both times. Since the conversion:
    // 0.16 × (3,200 − 3,125) = 12 USDT = 480 TRY. Valued from 24 h ago it read 0.16 × 200 × 40 = 1,280.
    const { trades, usdtTraded } = exchangeDayTrades([leg('1', 'USDT', '-500'), leg('1', 'ETH', '0.16')]);
    expect(usdtTraded).toBe('-500');
    const value = portfolioValue({
      balances: [
        { wallet: 'coin', currency: 'USDT', total: '500' },
        { wallet: 'coin', currency: 'ETH', total: '0.16' },
      ],
      prices: { ETHUSDT: { last: '3200', prev: '3000' } },
      usdtTry: { last: '40', prev: '40' },
      contractPnls: [],
      today: trades,
      // The funding was before the window; the conversion's −500 is the trade's cash, no flow.
      todayCash: [{ wallet: 'coin', currency: 'USDT', pnl: '0', flows: '0' }],
    });
    // Now 500 × 40 + 0.16 × 3,200 × 40 = 20,000 + 20,480 = 40,480; then 1,000 × 40 = 40,000.
    expect(value).toMatchObject({ totalTry: '40480.00', dayPnlTry: '480.00', dayPnlPct: '1.20' });
  });
});
