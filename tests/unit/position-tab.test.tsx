// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { TabBar } from '../../src/shell/tab-bar';
import { setMarketDataApi } from '../../src/market/client';
import { isTabPath } from '../../src/routes/table';
import PositionScreen from '../../src/screens/trade/position-screen';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { setPositionTab } from '../../src/state/ui';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_INDICES, SAMPLE_STATUS } from '../support/sample-market';
import { renderAt } from './options-fixtures';

const API = `${location.origin}/ipxtrg-api`;
const server = setupServer(
  http.get(`${API}/stock/index/indices/list`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_INDICES, status: SAMPLE_STATUS } }),
  ),
  http.get(`${API}/stock/hold/list`, () =>
    HttpResponse.json({
      code: 0,
      msg: '',
      data: {
        list: [],
        total: 0,
        page: 1,
        size: 100,
        totals: { marketValue: '0', cost: '0', unrealizedPnl: '0', realizedPnl: '0' },
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
  setLanguage('tr-TR');
});
afterEach(() => cleanup());

describe('the positions screen is tab-level', () => {
  it('shows the tab bar, with Trade as the tab it sits under', () => {
    expect(isTabPath('/pages/tabbar/position')).toBe(true);
    expect(isTabPath('/pages/tabbar/position/')).toBe(true);
    render(<TabBar pathname="/pages/tabbar/position" />);
    const trade = screen.getByTestId('tab-trade');
    expect(trade.className).toContain('tabbar__tab--selected');
    expect(trade.getAttribute('aria-current')).toBe('true');
    for (const tab of ['home', 'ipo', 'markets', 'mine'])
      expect(screen.getByTestId(`tab-${tab}`).getAttribute('aria-current')).toBeNull();
  });

  it('has no back arrow: the tab bar leads away, as on the other tabs', async () => {
    renderAt('/pages/tabbar/position', PositionScreen);
    await screen.findByTestId('position-feed');
    expect(screen.queryByTestId('nav-back')).toBeNull();
  });
});
