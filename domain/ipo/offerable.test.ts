import { describe, expect, it } from 'vitest';
import { checkOfferable } from './offerable';

const HOUR = 3_600_000;
/** Applications 10:00–12:00, allotted 13:00, refunds 14:00, listing 15:00 (hours from 0). */
const window = {
  subscribeStart: 10 * HOUR,
  subscribeEnd: 12 * HOUR,
  allocationAt: 13 * HOUR,
  refundAt: 14 * HOUR,
  listingAt: 15 * HOUR,
};

describe('which symbols may be offered', () => {
  it('offers a symbol nobody offered and that does not trade', () => {
    expect(checkOfferable('EGEGD', [], 9 * HOUR)).toBeNull();
  });

  it('refuses a symbol that trades already, offered or not', () => {
    expect(checkOfferable('THYAO', [], 9 * HOUR, { trades: true })).toEqual({
      key: 'IPO_SYMBOL_LISTED',
      params: { symbol: 'THYAO' },
    });
  });

  it('refuses an offering of a symbol its earlier offering listed, from the listing time on', () => {
    expect(checkOfferable('KPDTR', [{ id: '1', window }], 15 * HOUR)).toEqual({
      key: 'IPO_SYMBOL_LISTED',
      params: { symbol: 'KPDTR', id: '1' },
    });
  });

  it('refuses a second offering while the first is upcoming, taking applications or being allotted', () => {
    for (const t of [9 * HOUR, 10 * HOUR, 12 * HOUR, 15 * HOUR - 1])
      expect(checkOfferable('KPDTR', [{ id: '1', window }], t)).toEqual({
        key: 'IPO_SYMBOL_OFFERED',
        params: { symbol: 'KPDTR', id: '1' },
      });
    // The newest of several names the one under way.
    const later = {
      subscribeStart: 20 * HOUR,
      subscribeEnd: 22 * HOUR,
      allocationAt: 23 * HOUR,
      refundAt: 24 * HOUR,
      listingAt: 25 * HOUR,
    };
    expect(checkOfferable('NEWT', [{ id: '9', window: later }], 16 * HOUR, { product: 'ico' })).toEqual({
      key: 'ICO_TOKEN_OFFERED',
      params: { symbol: 'NEWT', id: '9' },
    });
  });

  it("says it in a coin sale's own key", () => {
    expect(checkOfferable('BTC', [], 9 * HOUR, { trades: true, product: 'ico' })).toEqual({
      key: 'ICO_TOKEN_LISTED',
      params: { symbol: 'BTC' },
    });
    expect(checkOfferable('NEWT', [{ id: '7', window }], 16 * HOUR, { product: 'ico' })?.key).toBe(
      'ICO_TOKEN_LISTED',
    );
  });
});
