// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Holding } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import PositionScreen from '../../src/screens/trade/position-screen';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { setPositionTab } from '../../src/state/ui';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_INDICES, SAMPLE_STATUS } from '../support/sample-market';
import { renderAt } from './options-fixtures';

const API = `${location.origin}/ipxtrg-api`;
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
const server = setupServer(
  // The badge's BIST session.
  http.get(`${API}/stock/index/indices/list`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_INDICES, status: SAMPLE_STATUS } }),
  ),
  http.get(`${API}/stock/hold/list`, () =>
    HttpResponse.json({
      code: 0,
      msg: '',
      data: {
        list: [THYAO],
        total: 1,
        page: 1,
        size: 100,
        totals: { marketValue: '3185.00', cost: '3192.63', unrealizedPnl: '-7.63', realizedPnl: realized },
      },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setPositionTab(0);
  realized = '12.4';
});
afterEach(() => cleanup());

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
