import { beforeEach, describe, expect, it } from 'vitest';
import type { CoinQuote } from '../../src/market/coin-quotes';
import { currentValues, fromCoinQuote, sortQuotes } from '../../src/market/quote';
import { applyPatch, resetMarket } from '../../src/state/market';

/**
 * The crypto list ranks pairs by traded value. USDT/TRY's is in lira (4.59 Mr TRY, about 105 Mn
 * USDT): compared as a number with BTC's 2.13 Mr USDT it was ranked first of all coins. A pair
 * quoted in lira whose base is USDT counts its USDT volume, the unit of every other row.
 */
function coin(symbol: string, base: string, quote: string, volume: string, quoteVolume: string): CoinQuote {
  return {
    symbol,
    base,
    quote,
    name: base,
    priceScale: 2,
    qtyScale: 4,
    minQty: '0.0001',
    ticker: {
      symbol,
      price: '1',
      open: '1',
      high: '1',
      low: '1',
      change: '0',
      changePct: '0',
      volume,
      quoteVolume,
      mark: '1',
      ts: 1,
    },
  };
}

const rows = [
  coin('USDTTRY', 'USDT', 'TRY', '104688270.0', '4587698104.42'),
  coin('BTCUSDT', 'BTC', 'USDT', '22150.3', '2130928187.33'),
  coin('SOLUSDT', 'SOL', 'USDT', '272000', '50406054.18'),
].map(fromCoinQuote);
const byVolume = { field: 'volume', direction: 'desc' } as const;

beforeEach(() => resetMarket());

describe('coin rows by traded value', () => {
  it('ranks USDT/TRY by its USDT volume, between BTC and SOL, not above BTC by its lira', () => {
    expect(rows.find((row) => row.symbol === 'USDTTRY')?.vol).toBe('104688270.0');
    expect(rows.find((row) => row.symbol === 'BTCUSDT')?.vol).toBe('2130928187.33');
    expect(sortQuotes(rows, byVolume).map((row) => row.symbol)).toEqual(['BTCUSDT', 'USDTTRY', 'SOLUSDT']);
  });

  it('keeps to that unit once the live tickers arrive', () => {
    applyPatch({
      tickers: {
        USDTTRY: { symbol: 'USDTTRY', last: '43.85', vol: '104700000', turnover: '4591000000', t: 2 },
        BTCUSDT: { symbol: 'BTCUSDT', last: '96000', vol: '22160', turnover: '2131000000', t: 2 },
      },
    });
    const usdtTry = rows.find((row) => row.symbol === 'USDTTRY')!;
    expect(currentValues(usdtTry).vol).toBe('104700000');
    expect(sortQuotes(rows, byVolume).map((row) => row.symbol)).toEqual(['BTCUSDT', 'USDTTRY', 'SOLUSDT']);
  });
});
