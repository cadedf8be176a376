// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { StockInfo } from '../../domain/protocol/market';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { StockPanel } from '../../src/screens/trade/stock-panel';
import { applyPatch, market, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_THYAO_HOLD, SAMPLE_THYAO_INFO } from '../support/sample-market';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const CLOSED: StockInfo = {
  ...SAMPLE_THYAO_INFO,
  status: { ...SAMPLE_THYAO_INFO.status, state: 'closed', open: false, nextClose: null },
};
let info: StockInfo = SAMPLE_THYAO_INFO;
const server = setupServer(
  http.get(`${API}/stock/index/info`, () => ok(info)),
  http.get(`${API}/stock/hold/info`, () => ok(SAMPLE_THYAO_HOLD)),
  http.post(`${API}/user/info`, () =>
    HttpResponse.json({ code: -1001, key: 'INTERNAL_ERROR', msg: '', data: null }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setLanguage('tr-TR');
});
afterEach(() => cleanup());

/**
 * The stock ticket read its session once: left open over 18:00 its badge kept saying "Canlı" and
 * its status line "open" over a closed session, until the user left and came back.
 */
describe('the stock ticket across the session turn', () => {
  it('reads the session again when it closes under the open ticket', async () => {
    info = {
      ...SAMPLE_THYAO_INFO,
      status: { ...SAMPLE_THYAO_INFO.status, open: true, state: 'open', nextClose: Date.now() + 200 },
    };
    await act(async () => {
      market.started = true;
      applyPatch({ feed: { state: 'live', since: 1 } });
      await Promise.resolve();
    });
    render(
      <Router>
        <StockPanel symbol="THYAO" side="buy" />
      </Router>,
    );
    await waitFor(() => expect(screen.getByTestId('ticket-feed').dataset.state).toBe('live'));
    info = CLOSED;
    await waitFor(() => expect(screen.getByTestId('ticket-feed').dataset.state).toBe('closed'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('ticket-feed').textContent).toBe('Seans kapalı');
  });
});
