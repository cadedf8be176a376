// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Holding } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import PositionScreen from '../../src/screens/trade/position-screen';
import { setLanguage } from '../../src/state/prefs';
import { renderAt } from './options-fixtures';
import { usePositionWorld } from './position-fixtures';

/**
 * An allotment: 1,500 EGEGD shares won and paid (₺27,644.30), listing on Monday 24-11
 * at 10:00 Istanbul, sellable from the next session. Before this, the IPO tab said "no IPO shares
 * yet" while the money was gone; now the broker delivers them at allocation and the tab says when
 * they list and that they are valued at the IPO price until then.
 */
const listingAt = Date.parse('2026-11-24T07:00:00Z');
const EGEGD: Holding = {
  symbol: 'EGEGD',
  name: 'EGEGD',
  quantity: '1500',
  sellable: '0',
  frozen: '0',
  locked: '1500',
  unlockAt: Date.parse('2026-11-25T07:00:00Z'),
  listingAt,
  t1: true,
  avgCost: '18.4295',
  cost: '27644.30',
  price: '18.40',
  marketValue: '27600',
  unrealizedPnl: '-44.30',
  unrealizedPct: '-0.16',
  realizedPnl: '0',
};
usePositionWorld({
  open: 1,
  holdings: (tab) => (tab === 'ipo' ? [EGEGD] : []),
  totals: () => ({ marketValue: '27600', cost: '27644.30', unrealizedPnl: '-44.30', realizedPnl: '0' }),
});

describe('position screen, IPO tab: shares allotted and not listed yet', () => {
  it.each([
    [
      'tr-TR',
      '24.11.2026 10:00 tarihinde borsada işlem görmeye başlayacak; o zamana kadar halka arz fiyatından değerlenir (henüz piyasa fiyatı yok).',
      '25.11.2026 10:00 itibarıyla satılabilir',
      '₺27.600,00',
    ],
    [
      'en-US',
      'Starts trading on 11/24/2026, 10:00 AM; until then it is valued at the IPO price (no market price yet).',
      'Sellable from 11/25/2026, 10:00 AM',
      '₺27,600.00',
    ],
  ] as const)(
    '%s: listed as locked, with the listing date and the IPO-price value',
    async (lang, note, unlock, value) => {
      setLanguage(lang);
      renderAt('/pages/tabbar/position', PositionScreen);
      const row = await screen.findByTestId('holding-row');
      expect(row.getAttribute('data-symbol')).toBe('EGEGD');
      expect(within(row).getByTestId('holding-locked').textContent).toBe(
        lang === 'tr-TR' ? '1.500' : '1,500',
      );
      expect(within(row).getByTestId('holding-sellable').textContent).toBe('0');
      expect(within(row).getByTestId('holding-listing').textContent).toBe(note);
      expect(within(row).getByTestId('holding-unlock').textContent).toBe(unlock);
      expect(screen.getByTestId('totals-value').textContent).toBe(value);
      // The stock takes no orders before its listing: no buy or sell to tap.
      expect(within(row).queryByTestId('holding-buy')).toBeNull();
      expect(within(row).queryByTestId('holding-sell')).toBeNull();
    },
  );
});
