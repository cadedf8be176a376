// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConditionalOrder } from '../../domain/protocol/conditional';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import ConditionalScreen from '../../src/screens/conditional/conditional-screen';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { FakeMarketData } from '../support/fake-market-data';
import { API, ok, renderAt } from './ipo-fixtures';

/**
 * A coin's conditional rows in the pair's own decimals (BTCUSDT: price to the cent, quantity to
 * 5 places), as its ticket and book show them, not the 8 kept for any coin.
 */
const stop: ConditionalOrder = {
  id: '77',
  groupId: '77',
  wallet: 'coin',
  symbol: 'BTCUSDT',
  kind: 'stop_limit',
  side: 'sell',
  quantity: '0.015',
  trigger: '96200',
  limit: '96100.5',
  trailBy: null,
  trailValue: null,
  best: null,
  frozen: '0.015',
  state: 'pending',
  reason: null,
  reasonParams: null,
  fired: null,
  placedOrderId: null,
  expiresAt: null,
  createdAt: 1_795_000_000_000,
  updatedAt: 1_795_000_000_000,
};
const info = (symbol: string, priceScale: number, qtyScale: number) => ({
  symbol,
  base: symbol.slice(0, -4),
  quote: 'USDT',
  name: symbol,
  priceScale,
  qtyScale,
  minQty: '0.00001',
});

const server = setupServer(
  http.post(`${API}/stock/order/conditional/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
  http.post(`${API}/coin/order/conditional/list`, () => ok({ list: [stop], total: 1, page: 1, size: 20 })),
  http.post(`${API}/coin/infos`, () => ok({ list: [info('BTCUSDT', 2, 5), info('ETHUSDT', 2, 4)] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  setMarketDataApi(new FakeMarketData());
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  cleanup();
  resetClientState();
});
afterAll(() => server.close());

describe('coin conditional rows', () => {
  it.each([
    ['en-US', 'a trade at or below 96,200.00', 'Sell 0.01500 BTC at limit 96,100.50', '0.01500 BTC'],
    ['tr-TR', '96.200,00', '0,01500 BTC', '0,01500 BTC'],
  ] as const)('show the pair’s decimals in %s', async (locale, when, places, held) => {
    setLanguage(locale);
    renderAt('/pages/stock/conditional', ConditionalScreen);
    fireEvent.click(await screen.findByTestId('conditional-tab-coin'));
    const row = await screen.findByTestId('conditional-row');
    await within(row).findByText((text) => text.includes(when));
    expect(row.textContent).toContain(places);
    expect(row.textContent).toContain(held);
    expect(row.textContent).not.toMatch(/0{6}/);
  });
});
