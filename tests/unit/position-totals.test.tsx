// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Holding } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import PositionScreen from '../../src/screens/trade/position-screen';
import { setLanguage } from '../../src/state/prefs';
import { renderAt } from './options-fixtures';
import { usePositionWorld } from './position-fixtures';

// A holding: 10 THYAO bought at 319.25 (cost with fees 3,192.63), now at 318.50.
const THYAO: Holding = {
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  quantity: '10',
  sellable: '10',
  frozen: '0',
  locked: '0',
  unlockAt: null,
  t1: false,
  avgCost: '319.263',
  cost: '3192.63',
  price: '318.50',
  marketValue: '3185.00',
  unrealizedPnl: '-7.63',
  unrealizedPct: '-0.23',
  realizedPnl: '12.4',
};
let realized = '12.4';
usePositionWorld({
  open: 0,
  holdings: () => [THYAO],
  totals: () => ({ marketValue: '3185.00', cost: '3192.63', unrealizedPnl: '-7.63', realizedPnl: realized }),
  reset: () => (realized = '12.4'),
});

describe('position totals', () => {
  it.each([
    ['tr-TR', '-₺7,63', '+₺12,40'],
    ['en-US', '-₺7.63', '+₺12.40'],
  ] as const)(
    '%s: P&L figures carry their currency like the lines around them',
    async (lang, unrealized, realized) => {
      setLanguage(lang);
      renderAt('/pages/tabbar/position', PositionScreen);
      const totals = await screen.findByTestId('position-totals');
      await waitFor(() => expect(screen.getByTestId('totals-pnl').textContent).toBe(unrealized));
      expect(totals.textContent).toContain(realized);
      expect(screen.getByTestId('totals-value').textContent).toContain('₺');
    },
  );

  it('colours a realised loss red and a gain green, as the unrealised row beside it', async () => {
    setLanguage('tr-TR');
    const row = async (testId: string) => (await screen.findByTestId(testId)).closest('.figure-rows__row');
    renderAt('/pages/tabbar/position', PositionScreen);
    await waitFor(async () => expect((await row('totals-pnl'))?.className).toContain('--down'));
    expect((await row('totals-realized'))?.className).toContain('--up');
    cleanup();
    realized = '-45.63';
    renderAt('/pages/tabbar/position', PositionScreen);
    await waitFor(async () => expect((await row('totals-realized'))?.className).toContain('--down'));
    expect((await screen.findByTestId('totals-realized')).textContent).toBe('-₺45,63');
  });
});
