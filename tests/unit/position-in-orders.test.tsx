// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
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
const server = setupServer(
  // The badge's BIST session.
  http.get(`${API}/stock/index/indices/list`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_INDICES, status: SAMPLE_STATUS } }),
  ),
  http.get(`${API}/stock/hold/list`, ({ request }) => {
    const tab = new URL(request.url).searchParams.get('tab');
    const list = tab === 'ordinary' ? [THYAO, ASELS] : [];
    return HttpResponse.json({
      code: 0,
      msg: '',
      data: {
        list,
        total: list.length,
        page: 1,
        size: 100,
        totals: { marketValue: '19110', cost: '19140.68', unrealizedPnl: '-30.68', realizedPnl: '0' },
      },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setPositionTab(0);
});
afterEach(() => cleanup());

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
