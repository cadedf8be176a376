import { describe, expect, it } from 'vitest';
import { coinPairRefusal, isCoinPairTradable, isListed } from './tradable';

const NOW = Date.parse('2026-11-25T09:00:00Z');
const DAY = 86_400_000;

describe('coin pairs that take orders', () => {
  it('trades a USDT pair that is no coin sale token', () => {
    expect(coinPairRefusal({ quote: 'USDT' }, NOW)).toBeNull();
    expect(isCoinPairTradable({ quote: 'USDT', listingAt: null }, NOW)).toBe(true);
  });

  it('refuses the USDT/TRY rate pair and any pair not quoted in USDT', () => {
    expect(coinPairRefusal({ quote: 'TRY' }, NOW)).toBe('quote');
    expect(coinPairRefusal({ quote: null }, NOW)).toBe('quote');
    expect(coinPairRefusal({ quote: 'usdt' }, NOW)).toBe('quote');
    expect(isCoinPairTradable({ quote: 'TRY', listingAt: NOW - DAY }, NOW)).toBe(false);
  });

  it("refuses a coin sale's token until its listing date, and trades it from that moment", () => {
    const upcoming = { quote: 'USDT', listingAt: NOW + 3 * DAY };
    expect(coinPairRefusal(upcoming, NOW)).toBe('not_listed');
    expect(isCoinPairTradable(upcoming, upcoming.listingAt - 1)).toBe(false);
    expect(isCoinPairTradable(upcoming, upcoming.listingAt)).toBe(true);
    expect(isCoinPairTradable({ quote: 'USDT', listingAt: NOW - 7 * DAY }, NOW)).toBe(true);
  });

  it('counts no listing date as listed', () => {
    expect(isListed(undefined, NOW)).toBe(true);
    expect(isListed(null, NOW)).toBe(true);
    expect(isListed(NOW, NOW)).toBe(true);
    expect(isListed(NOW + 1, NOW)).toBe(false);
  });
});
