// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import StockFundsScreen from '../../src/screens/trade/stock-funds-screen';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { FakeMarketData } from '../support/fake-market-data';
import { resetClientState } from '../support/client-state';
import { renderAt } from './ipo-fixtures';

/**
 * The stock statement opens on the account's TRY balance as its headline (a bank statement's
 * "balance"), in the app's one money format: the only balance on it was each line's small print.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/user/assets`, () =>
    ok({
      accountType: 'real',
      balances: [
        {
          wallet: 'stock',
          currency: 'TRY',
          available: '90809.889',
          frozen: '1000',
          locked: '0',
          total: '91809.889',
        },
        { wallet: 'stock', currency: 'THYAO', available: '10', frozen: '0', locked: '0', total: '10' },
      ],
    }),
  ),
  http.get(`${API}/user/tx/record`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setMarketDataApi(new FakeMarketData());
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetClientState();
});

describe('stock funds detail headline', () => {
  it.each([
    ['tr-TR', 'TL bakiyesi', '₺91.809,88', '₺90.809,88', '₺1.000,00'],
    ['en-US', 'TRY balance', '₺91,809.88', '₺90,809.88', '₺1,000.00'],
  ] as const)(
    '%s: the TRY balance leads, truncated, with its available and frozen',
    async (lang, ...expected) => {
      const [label, total, available, frozen] = expected;
      setLanguage(lang);
      renderAt('/pages/fundsDetail/stockFundsDetail', StockFundsScreen);
      expect((await screen.findByTestId('stock-funds-total')).textContent).toBe(total);
      expect(screen.getByTestId('stock-funds-head').textContent).toContain(label);
      expect(screen.getByTestId('stock-funds-available').textContent).toBe(available);
      expect(screen.getByTestId('stock-funds-frozen').textContent).toBe(frozen);
    },
  );
});
