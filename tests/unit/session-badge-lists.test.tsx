// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketStatus } from '../../domain/protocol/market';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { resetWatchlist } from '../../src/market/watchlist';
import MarketsScreen from '../../src/screens/markets/markets-screen';
import StockListScreen from '../../src/screens/markets/stock-list-screen';
import WatchlistScreen from '../../src/screens/markets/watchlist-screen';
import PositionScreen from '../../src/screens/trade/position-screen';
import { applyPatch, market, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { clearUserInfo, setSession } from '../../src/state/session';
import { setPositionTab } from '../../src/state/ui';
import { FakeMarketData } from '../support/fake-market-data';
import {
  SAMPLE_COIN_INFOS,
  SAMPLE_COIN_TICKERS,
  SAMPLE_INDICES,
  SAMPLE_STATUS,
  SAMPLE_STOCKS,
  samplePage,
} from '../support/sample-market';
import { renderAt } from './options-fixtures';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const CLOSED: MarketStatus = {
  ...SAMPLE_STATUS,
  state: 'closed',
  open: false,
  nextOpen: SAMPLE_STATUS.ts + 16 * 3_600_000,
  nextClose: null,
};
let status: MarketStatus = CLOSED;
/** Holds the session's answer back until released (null: answers at once). */
let sessionGate: Promise<void> | null = null;
const server = setupServer(
  http.get(`${API}/stock/index/indices/list`, async () => {
    await sessionGate;
    return ok({ list: SAMPLE_INDICES, status });
  }),
  http.get(`${API}/stock/index/list`, () => ok(samplePage(SAMPLE_STOCKS))),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/tickers`, () => ok({ list: SAMPLE_COIN_TICKERS })),
  http.post(`${API}/stock/collect/list`, () => ok(samplePage(SAMPLE_STOCKS.slice(0, 1)))),
  http.post(`${API}/coin/collect/list`, () => ok(samplePage([]))),
  http.get(`${API}/stock/hold/list`, () =>
    ok({
      list: [],
      total: 0,
      page: 1,
      size: 100,
      totals: { marketValue: '0', cost: '0', unrealizedPnl: '0', realizedPnl: '0' },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  status = CLOSED;
  sessionGate = null;
  resetMarket();
  resetWatchlist();
  setMarketDataApi(new FakeMarketData());
  setLanguage('tr-TR');
  setPositionTab(0);
  setSession({ userToken: 't1', userTokenReal: 't1', userTokenDemo: 'd1', user: { id: '1' } });
  // The socket is up: only the session can say the prices are still.
  await act(async () => {
    market.started = true;
    applyPatch({ feed: { state: 'live', since: 1 } });
    await Promise.resolve();
  });
});
afterEach(() => {
  cleanup();
  clearUserInfo();
});

const badgeState = (testId = 'feed-badge') => screen.getByTestId(testId).dataset.state;

/**
 * Out of session the Markets tab, the stock list, the watchlist and the positions said "Canlı"
 * over still BIST prices while Home's indices beside them said the session was closed.
 * Coins trade around the clock and stay live.
 */
describe('the feed badge of BIST lists out of session', () => {
  it.each([
    ['the stock list', '/pages/stock/list', StockListScreen, 'feed-badge'],
    ['the positions', '/pages/tabbar/position', PositionScreen, 'position-feed'],
  ] as const)('%s says the session is closed', async (_, path, Screen: ComponentType, testId) => {
    renderAt(path, Screen);
    await waitFor(() => expect(badgeState(testId)).toBe('closed'));
    expect(screen.getByTestId(testId).textContent).toBe('Seans kapalı');
    await act(async () => setLanguage('en-US'));
    expect(screen.getByTestId(testId).textContent).toBe('Market closed');
  });

  it('the Markets tab: closed on stocks and indices, live on coins', async () => {
    renderAt('/pages/tabbar/markets', MarketsScreen);
    await waitFor(() => expect(badgeState()).toBe('closed'));
    fireEvent.click(screen.getByTestId('markets-seg-indices'));
    await screen.findByTestId('ticker-row-XU100');
    expect(badgeState()).toBe('closed');
    fireEvent.click(screen.getByTestId('markets-seg-coins'));
    await waitFor(() => expect(badgeState()).toBe('live'));
    expect(screen.getByTestId('feed-badge').textContent).toBe('Canlı');
  });

  it('the watchlist: closed on stocks, live on coins', async () => {
    renderAt('/pages/stock/collect', WatchlistScreen);
    await waitFor(() => expect(badgeState()).toBe('closed'));
    fireEvent.click(screen.getByTestId('watchlist-seg-coin'));
    await waitFor(() => expect(badgeState()).toBe('live'));
  });

  // Until the session was known the badge said "Canlı" on every visit, then "Seans kapalı".
  it('does not say live before it knows the session; a feed in trouble it still says', async () => {
    let release = () => {};
    sessionGate = new Promise((resolve) => {
      release = resolve;
    });
    renderAt('/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId(`ticker-row-${SAMPLE_STOCKS[0]?.symbol ?? ''}`);
    expect(screen.queryByTestId('feed-badge')).toBeNull();
    await act(async () => applyPatch({ feed: { state: 'reconnecting', since: 2 } }));
    expect(badgeState()).toBe('reconnecting');
    await act(async () => applyPatch({ feed: { state: 'live', since: 3 } }));
    expect(screen.queryByTestId('feed-badge')).toBeNull();
    release();
    await waitFor(() => expect(badgeState()).toBe('closed'));
  });

  // Read once, the badge kept "Canlı" over a session that closed at 18:00 under the open screen.
  it('reads the session again when it turns under an open screen', async () => {
    status = { ...SAMPLE_STATUS, nextClose: Date.now() + 200 };
    renderAt('/pages/stock/list', StockListScreen);
    await waitFor(() => expect(badgeState()).toBe('live'));
    status = CLOSED;
    await waitFor(() => expect(badgeState()).toBe('closed'), { timeout: 3000 });
  });

  it('says live while the session is open', async () => {
    status = SAMPLE_STATUS;
    renderAt('/pages/stock/list', StockListScreen);
    await screen.findByTestId(`ticker-row-${SAMPLE_STOCKS[0]?.symbol ?? ''}`);
    await waitFor(() => expect(badgeState()).toBe('live'));
  });
});
