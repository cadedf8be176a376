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
 * A holding of 30 THYAO, 10 of them offered in a resting limit sell. The card once said
 * Miktar 30, Satılabilir 20, Kilitli 0: ten shares nowhere on it.
 */
const base = {
  name: 'Türk Hava Yolları A.O.',
  unlockAt: null,
  t1: false,
  avgCost: '319.0112',
  price: '318.5',
  unrealizedPct: '-0.16',
  realizedPnl: '0',
} as const;
const THYAO: Holding = {
  ...base,
  symbol: 'THYAO',
  quantity: '30',
  sellable: '20',
  frozen: '10',
  locked: '0',
  cost: '9570.34',
  marketValue: '9555',
  unrealizedPnl: '-15.34',
};
const ASELS: Holding = {
  ...base,
  symbol: 'ASELS',
  quantity: '30',
  sellable: '30',
  frozen: '0',
  locked: '0',
  cost: '9570.34',
  marketValue: '9555',
  unrealizedPnl: '-15.34',
};
usePositionWorld({
  open: 0,
  holdings: (tab) => (tab === 'ordinary' ? [THYAO, ASELS] : []),
  totals: () => ({ marketValue: '19110', cost: '19140.68', unrealizedPnl: '-30.68', realizedPnl: '0' }),
});

describe('position screen: shares in open sell orders', () => {
  it.each([
    ['tr-TR', 'Emirde'],
    ['en-US', 'In orders'],
  ] as const)('%s: held = sellable + in orders + locked, each on the card', async (lang, label) => {
    setLanguage(lang);
    renderAt('/pages/tabbar/position', PositionScreen);
    const rows = await screen.findAllByTestId('holding-row');
    const thyao = rows.find((row) => row.getAttribute('data-symbol') === 'THYAO')!;
    expect(within(thyao).getByTestId('holding-qty').textContent).toBe('30');
    expect(within(thyao).getByTestId('holding-sellable').textContent).toBe('20');
    expect(within(thyao).getByTestId('holding-in-orders').textContent).toBe('10');
    expect(within(thyao).getByText(label)).toBeTruthy();
    // A holding with nothing in orders keeps its card as it was.
    const asels = rows.find((row) => row.getAttribute('data-symbol') === 'ASELS')!;
    expect(within(asels).queryByTestId('holding-in-orders')).toBeNull();
  });
});
