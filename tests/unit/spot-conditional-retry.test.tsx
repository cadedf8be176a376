// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import en from '../../locales/en-US/common.json';
import tr from '../../locales/tr-TR/common.json';
import enPanel from '../../locales/en-US/panel-error.json';
import trPanel from '../../locales/tr-TR/panel-error.json';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { spotRulesChunk } from '../../src/screens/contract/use-spot-rules';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';

/**
 * The spot ticket's conditional tab waits for the ticket's rules (their own chunk). A load that
 * fails (offline) is said in the tab's place with a Retry, in the user's language, rather than
 * a skeleton for ever; Retry asks again and the form follows. Runs on a fresh module cache
 * (FIRST_LOAD_UNITS): an earlier file would have loaded the rules already.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [{ currency: 'USDT', available: '1000', frozen: '0', total: '1000', valueUsdt: '1000' }],
      contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
      totalUsdt: '1000',
    }),
  ),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the spot ticket's conditional tab when its rules do not arrive", () => {
  it('says so with a Retry (en-US, tr-TR) that loads them and shows the form', async () => {
    setLanguage('en-US');
    setMarketDataApi(new FakeMarketData());
    const load = vi
      .spyOn(spotRulesChunk, 'load')
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: spot-rules.js'));
    render(
      <Router>
        <SpotPanel />
      </Router>,
    );
    fireEvent.click(await screen.findByTestId('spot-mode-conditional'));
    // Asked for after the ticket's paint, the load fails: the tab says so instead of a skeleton.
    const failed = await screen.findByTestId('panel-chunk-error', {}, { timeout: 10_000 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(failed.textContent).toBe(enPanel.title + en.chunk_error.body + en.action.retry);
    expect(screen.queryByTestId('conditional-form')).toBeNull();
    act(() => setLanguage('tr-TR'));
    expect(screen.getByTestId('panel-chunk-error').textContent).toBe(
      trPanel.title + tr.chunk_error.body + tr.action.retry,
    );

    fireEvent.click(screen.getByTestId('chunk-retry'));
    await screen.findByTestId('conditional-form', {}, { timeout: 30_000 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('panel-chunk-error')).toBeNull();
  }, 60_000);
});
