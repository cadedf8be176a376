// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockInfo } from '../../domain/protocol/market';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import StockKlineScreen from '../../src/screens/instrument/stock-kline-screen';
import { applyPatch, market, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_THYAO_INFO } from '../support/sample-market';
import { renderAt } from './ipo-fixtures';

// The chart itself is the kline tests' (kline-paint in Chromium); here only the frame's badge.
vi.mock('../../src/screens/instrument/kline-body', () => ({ KlineBody: () => null }));

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const closed = {
  ...SAMPLE_THYAO_INFO,
  status: { ...SAMPLE_THYAO_INFO.status, state: 'closed' as const, open: false, nextClose: null },
};
let info: StockInfo = closed;
const server = setupServer(http.get(`${API}/stock/index/info`, () => ok(info)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  info = closed;
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setLanguage('tr-TR');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

/**
 * The stock kline screen out of session: its badge said "Canlı" over still prices while the
 * stock screen beside it said the session was closed.
 */
describe('the stock kline screen', () => {
  it('says the session is closed, not live, while BIST is closed', async () => {
    await act(async () => {
      market.started = true; // the screen asked for live data
      applyPatch({ feed: { state: 'live', since: 1 } });
      await Promise.resolve();
    });
    renderAt('/pages/stock/stockKline?symbol=THYAO', StockKlineScreen);
    const badge = await screen.findByTestId('feed-badge');
    expect(badge.getAttribute('data-state')).toBe('closed');
    expect(badge.textContent).toBe('Seans kapalı');
  });

  // Read once, the badge kept "Canlı" over a session that closed at 18:00 under the open screen.
  it('reads the session again when it closes under the open screen', async () => {
    info = {
      ...SAMPLE_THYAO_INFO,
      status: { ...SAMPLE_THYAO_INFO.status, open: true, state: 'open', nextClose: Date.now() + 200 },
    };
    await act(async () => {
      market.started = true;
      applyPatch({ feed: { state: 'live', since: 1 } });
      await Promise.resolve();
    });
    renderAt('/pages/stock/stockKline?symbol=THYAO', StockKlineScreen);
    await waitFor(() => expect(screen.getByTestId('feed-badge').getAttribute('data-state')).toBe('live'));
    info = closed;
    await waitFor(() => expect(screen.getByTestId('feed-badge').getAttribute('data-state')).toBe('closed'), {
      timeout: 3000,
    });
  });
});
