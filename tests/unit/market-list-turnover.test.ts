import { describe, expect, it } from 'vitest';
import enInstrument from '../../locales/en-US/instrument.json';
import enMarket from '../../locales/en-US/market.json';
import trInstrument from '../../locales/tr-TR/instrument.json';
import trMarket from '../../locales/tr-TR/market.json';
import type { StockQuote } from '../../domain/protocol/market';
import { fromStockQuote } from '../../src/market/quote';

/**
 * A market list's figure under the price is the traded value (src/market/quote.ts: `vol` is the
 * quote's turnover), and its column is named so: an English user saw "Volume 24M" for THYAO in
 * the list and "Volume 203K, Turnover 64M" on its page, the same word for
 * shares on one screen and lira on the other.
 */
describe('the market list names its traded value as the instrument screen does', () => {
  it('en-US: "Turnover", the instrument screen word for the traded value, not its "Volume" (shares)', () => {
    expect(enMarket.sort.volume).toBe(enInstrument.stats.turnover);
    expect(enMarket.sort.volume).not.toBe(enInstrument.stats.volume);
  });

  it('tr-TR: "Hacim", never the instrument screen "Hacim (adet)" (shares)', () => {
    expect(trMarket.sort.volume).not.toBe(trInstrument.stats.volume);
  });

  it('tr-TR: the BIST list header is the instrument screen "Hacim (TL)", with its currency', () => {
    expect(trMarket.sort.volume_TL).toBe(trInstrument.stats.turnover);
    expect(trMarket.sort.volume_USDT).toBe('Hacim (USDT)');
    expect(enMarket.sort.volume_TL).toBe(enInstrument.stats.turnover);
  });

  it('the figure in that column is the turnover, not the share count', () => {
    const quote = {
      market: 'stock',
      symbol: 'THYAO',
      name: 'THY',
      price: '318.50',
      change: '0',
      changePct: '0',
    };
    const row = fromStockQuote({ ...quote, volume: '203000', turnover: '64000000' } as unknown as StockQuote);
    expect(row.vol).toBe('64000000');
  });
});
