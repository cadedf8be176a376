import { describe, expect, it } from 'vitest';
import { exchangeRoute, minimumAmount, quoteFigures } from './exchange';

// Vectors worked by hand (long division on paper), not with the code under test.
// USDTTRY bid 43.80 / ask 43.90 (mid 43.85); BTCUSDT 50000 / 50010; ETHUSDT 2999 / 3000.
// Our spread 0.2 %, fee 0.1 %.
const USDTTRY = { bid: '43.80', ask: '43.90' };
const BTC = { bid: '50000', ask: '50010' };
const ETH = { bid: '2999', ask: '3000' };
const terms = { spread: '0.002', feeRate: '0.001' };

describe('exchange routes', () => {
  const listed = (coin: string) => ['BTC', 'ETH'].includes(coin);
  it('prices TRY ↔ USDT on the USDTTRY book, between the stock and coin wallets', () => {
    expect(exchangeRoute('TRY', 'USDT', listed)).toEqual({
      fromWallet: 'stock',
      toWallet: 'coin',
      legs: [{ symbol: 'USDTTRY', side: 'buy' }],
    });
    expect(exchangeRoute('USDT', 'TRY', listed)).toEqual({
      fromWallet: 'coin',
      toWallet: 'stock',
      legs: [{ symbol: 'USDTTRY', side: 'sell' }],
    });
  });
  it('prices coins on their USDT books, a coin into a coin through USDT', () => {
    expect(exchangeRoute('USDT', 'BTC', listed)?.legs).toEqual([{ symbol: 'BTCUSDT', side: 'buy' }]);
    expect(exchangeRoute('BTC', 'USDT', listed)?.legs).toEqual([{ symbol: 'BTCUSDT', side: 'sell' }]);
    expect(exchangeRoute('BTC', 'ETH', listed)).toEqual({
      fromWallet: 'coin',
      toWallet: 'coin',
      legs: [
        { symbol: 'BTCUSDT', side: 'sell' },
        { symbol: 'ETHUSDT', side: 'buy' },
      ],
    });
  });
  it('offers no same-currency, TRY-to-coin or unlisted pair', () => {
    expect(exchangeRoute('USDT', 'USDT', listed)).toBeNull();
    expect(exchangeRoute('TRY', 'BTC', listed)).toBeNull();
    expect(exchangeRoute('ETH', 'TRY', listed)).toBeNull();
    expect(exchangeRoute('DOGE', 'USDT', listed)).toBeNull();
    expect(exchangeRoute('BTC', 'XYZ', listed)).toBeNull();
  });
});

describe('quote figures', () => {
  it('USDT → TRY sells at the bid: 100 × 43.80 × 0.998', () => {
    // rate 43.7124; gross 4371.24; fee 4.37124 → 4.37; receive 4366.87;
    // spread 1 − 43.7124 / 43.85 = 0.1376 / 43.85 = 0.0031379… → 0.003138.
    expect(quoteFigures({ ...terms, amount: '100', tops: [USDTTRY], sides: ['sell'], toScale: 2 })).toEqual({
      rate: '43.7124',
      midRate: '43.85',
      spread: '0.003138',
      fee: '4.37',
      receive: '4366.87',
    });
  });

  it('TRY → USDT buys at the ask: 1000 × 0.998 / 43.90', () => {
    // 0.998 / 43.9 = 0.02273348519362… → 0.02273348519 (10 digits, down); 1 / 43.85 =
    // 0.02280501710 3… → 0.0228050171; gross 22.73348519; fee 0.02273348519 → 0.02273349;
    // receive 22.71075170; spread 1 − 0.998 × 43.85 / 43.9 = 0.0031366… → 0.003137.
    expect(quoteFigures({ ...terms, amount: '1000', tops: [USDTTRY], sides: ['buy'], toScale: 8 })).toEqual({
      rate: '0.02273348519',
      midRate: '0.0228050171',
      spread: '0.003137',
      fee: '0.02273349',
      receive: '22.7107517',
    });
  });

  it('BTC → USDT sells at the bid: 0.01 × 50000 × 0.998', () => {
    // rate 49900; gross 499; fee 0.499; receive 498.501; mid 50005; spread 1 − 49900/50005 =
    // 105 / 50005 = 0.0020997… → 0.0021.
    expect(quoteFigures({ ...terms, amount: '0.01', tops: [BTC], sides: ['sell'], toScale: 8 })).toEqual({
      rate: '49900',
      midRate: '50005',
      spread: '0.0021',
      fee: '0.499',
      receive: '498.501',
    });
  });

  it('BTC → ETH crosses through USDT: the BTC bid over the ETH ask', () => {
    // 50000 / 3000 × 0.998 = 16.63333333(3…) → 16.63333333; mid 50005 / 2999.5 = 16.671111852… →
    // 16.67111185; gross 0.5 × rate = 8.316666665; fee 0.008316666665 → 0.0083 (4 decimals);
    // receive 8.308366665 → 8.3083; spread 1 − 16.63333333 / 16.67111185 = 0.0022661… → 0.002266.
    expect(
      quoteFigures({ ...terms, amount: '0.5', tops: [BTC, ETH], sides: ['sell', 'buy'], toScale: 4 }),
    ).toEqual({
      rate: '16.63333333',
      midRate: '16.67111185',
      spread: '0.002266',
      fee: '0.0083',
      receive: '8.3083',
    });
  });

  it('receives nothing for a dust amount, never a negative', () => {
    // 0.01 TRY × 0.0227… = 0.000227 USDT at 2 decimals: fee 0.00, receive 0.
    expect(
      quoteFigures({ ...terms, amount: '0.01', tops: [USDTTRY], sides: ['buy'], toScale: 2 }).receive,
    ).toBe('0');
  });

  it('names the smallest amount that receives something', () => {
    // 0.01 / (43.7124 × 0.999) = 0.01 / 43.6686876 = 0.000228… → 0.01 (2 decimals, up) + 0.01.
    expect(minimumAmount('43.7124', '0.001', 2, 2)).toBe('0.02');
    // TRY → USDT at 8 decimals: 1e-8 / (0.02273348519 × 0.999) = 4.403…e-7 → 0.01 + 0.01.
    expect(minimumAmount('0.02273348519', '0.001', 2, 8)).toBe('0.02');
    // BTC (6 decimals) → TRY-like 2 decimals at 49900: 0.01 / 49850.1 = 2.006e-7 → 0.000001 + 0.000001.
    expect(minimumAmount('49900', '0.001', 6, 2)).toBe('0.000002');
  });
});
