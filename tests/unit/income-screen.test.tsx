// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import IncomeScreen from '../../src/screens/trade/income-screen';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { API, ok, renderAt } from './ipo-fixtures';

const stats = {
  period: 'month',
  from: 0,
  to: 1,
  realizedPnl: '-8.88',
  buyAmount: '1915.5',
  sellAmount: '1592.5',
  fees: '5.64',
  orders: 4,
  fills: 4,
  byDay: [{ day: '2026-11-26', realizedPnl: '-8.88' }],
  bySymbol: [{ symbol: 'THYAO', name: 'Türk Hava Yolları', realizedPnl: '-8.88' }],
};
const server = setupServer(http.get(`${API}/stock/order/statistics`, () => ok(stats)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  cleanup();
  resetClientState();
});
afterAll(() => server.close());

describe('/pages/stock/income', () => {
  it.each([
    ['tr-TR', '-₺8,88', '₺1.915,50'],
    ['en-US', '-₺8.88', '₺1,915.50'],
  ] as const)(
    'in %s shows realised P&L in lira with its sign, as the rows beside it',
    async (lang, pnl, bought) => {
      setLanguage(lang);
      renderAt('/pages/stock/income', IncomeScreen);
      const total = await screen.findByTestId('income-total');
      expect(total.querySelector('.income-hero__value')?.textContent).toBe(pnl);
      expect(screen.getByTestId('income-by-symbol').querySelector('dd')?.textContent).toBe(pnl);
      expect(screen.getByTestId('income-by-day').querySelector('dd')?.textContent).toBe(pnl);
      expect(screen.getByText(bought)).toBeTruthy();
    },
  );
});
