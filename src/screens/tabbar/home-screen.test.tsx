// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketStatus } from '../../../domain/protocol/market';
import '../../i18n/setup';
import { setMarketDataApi } from '../../market/client';
import { FakeMarketData } from '../../../tests/support/fake-market-data';
import {
  SAMPLE_COIN_INFOS,
  SAMPLE_COIN_TICKERS,
  SAMPLE_INDICES,
  SAMPLE_STATUS,
  SAMPLE_STOCKS,
} from '../../../tests/support/sample-market';
import { applyPatch, market, resetMarket } from '../../state/market';
import { setLanguage } from '../../state/prefs';
import { clearUserInfo } from '../../state/session';
import HomeScreen from './home-screen';
import { dropKeptAnswers } from '../../components/content/kept-answers';
import { renderAt } from '../../../tests/support/render-screen';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

let status: MarketStatus = SAMPLE_STATUS;
const server = setupServer(
  http.get(`${API}/stock/index/indices/list`, () => ok({ list: SAMPLE_INDICES, status })),
  http.get(`${API}/stock/index/list/hot`, () => ok(SAMPLE_STOCKS.slice(0, 3))),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/tickers`, () => ok({ list: SAMPLE_COIN_TICKERS })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  status = SAMPLE_STATUS;
  setMarketDataApi(new FakeMarketData());
  resetMarket();
  clearUserInfo();
});
afterEach(async () => {
  cleanup();
  // Home keeps its answers across visits: each test's Home is a first visit, with its own answers.
  dropKeptAnswers();
  server.resetHandlers();
  await act(async () => setLanguage('tr-TR'));
});
afterAll(() => server.close());

function renderHome() {
  return renderAt('/pages/tabbar/home', '/pages/tabbar/home', HomeScreen);
}

describe('Home signed out', () => {
  it('offers to open an account or log in, in both languages', async () => {
    renderHome();
    const register = screen.getByTestId('home-register');
    expect(register.textContent).toBe('Hesap aç');
    expect(register.getAttribute('href')).toBe('/pages/account/reg');
    const login = screen.getByTestId('home-login');
    expect(login.textContent).toBe('Giriş yap');
    expect(login.getAttribute('href')).toBe('/pages/account/login');
    await act(async () => setLanguage('en-US'));
    expect(screen.getByTestId('home-register').textContent).toBe('Open account');
    expect(screen.getByTestId('home-login').textContent).toBe('Log in');
    await screen.findByTestId('market-status');
  });
});

describe('the indices feed badge', () => {
  const closed: MarketStatus = {
    ...SAMPLE_STATUS,
    state: 'closed',
    open: false,
    nextOpen: SAMPLE_STATUS.ts + 16 * 3_600_000,
    nextClose: null,
  };

  it('says the session is closed, not live, while BIST is closed and the feed is up', async () => {
    status = closed;
    renderHome();
    await screen.findByTestId('market-status');
    await act(async () => {
      market.started = true;
      applyPatch({ feed: { state: 'live', since: 1 } });
    });
    const badge = screen.getByTestId('feed-badge');
    expect(badge.dataset.state).toBe('closed');
    expect(badge.textContent).toBe('Seans kapalı');
    await act(async () => setLanguage('en-US'));
    expect(screen.getByTestId('feed-badge').textContent).toBe('Market closed');
    // A feed in trouble says so first: that is what the user must know.
    await act(async () => applyPatch({ feed: { state: 'reconnecting', since: 2 } }));
    expect(screen.getByTestId('feed-badge').dataset.state).toBe('reconnecting');
  });

  it('says live while the session is open', async () => {
    renderHome();
    await screen.findByTestId('market-status');
    await act(async () => {
      market.started = true;
      applyPatch({ feed: { state: 'live', since: 1 } });
    });
    expect(screen.getByTestId('feed-badge').textContent).toBe('Canlı');
  });
});

describe("Home's first frame", () => {
  it('holds what a phone shows at once; the coins and the cards below follow once it has painted', async () => {
    renderHome();
    expect(screen.getByTestId('home-register')).toBeTruthy();
    expect(screen.getByTestId('home-indices')).toBeTruthy();
    expect(screen.queryByTestId('home-coins-more')).toBeNull();
    expect(screen.queryByTestId('home-download')).toBeNull();
    expect((await screen.findByTestId('home-coins-more')).getAttribute('href')).toBe(
      '/pages/tabbar/markets?segment=coins',
    );
    expect(screen.getByTestId('home-download').getAttribute('href')).toBe('/pages/common/download');
    await screen.findByTestId('market-status');
  });
});
