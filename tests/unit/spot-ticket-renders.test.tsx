// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { evaluateSpot } from '../../src/screens/contract/spot-ticket-logic';
import type * as Logic from '../../src/screens/contract/spot-ticket-logic';
import { applyPatch, market, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData, tickerView } from '../support/fake-market-data';
import { SAMPLE_COIN_ASSETS, SAMPLE_COIN_INFOS } from '../support/sample-market';

// The form's rules run once per render of the order form: counting their calls counts its renders.
vi.mock('../../src/screens/contract/spot-ticket-logic', async (original) => {
  const actual = await original<typeof Logic>();
  return { ...actual, evaluateSpot: vi.fn(actual.evaluateSpot) };
});
const formRenders = () => vi.mocked(evaluateSpot).mock.calls.length;

/**
 * A tick re-renders the spot ticket's price cell, not its form (ARCHITECTURE rule 7): on the
 * reference phone a render of the whole ticket per book, ticker or mark patch was a long task,
 * one after another as the stream ran. The form reads the book and the last trade once a figure
 * is typed, where its estimate needs them, and the spot ticket follows no mark stream at all.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () => ok(SAMPLE_COIN_ASSETS)),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
  http.post(`${API}/user/info`, () =>
    HttpResponse.json({ code: -1001, key: 'INTERNAL_ERROR', msg: '', data: null }),
  ),
);
let feed = new FakeMarketData();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The ticket's rules (decimal.js) load after its first paint or at the first input; here up front,
// as on a page past its first paint (their first import in a worker takes seconds of transforms).
beforeAll(async () => {
  await loadSpotRules();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  feed = new FakeMarketData();
  setMarketDataApi(feed);
  setLanguage('en-US');
  vi.mocked(evaluateSpot).mockClear();
});
afterEach(() => {
  cleanup();
  setLanguage('tr-TR');
});

const tick = (last: string) => applyPatch({ tickers: { BTCUSDT: tickerView('BTCUSDT', last) } });
/** One ask level at `price` (a book patch as the worker posts it). */
const asks = (price: string, qty: string) =>
  applyPatch({ books: { BTCUSDT: { asks: [price], askQty: [price, qty], bids: [], bidQty: [] } } });
const lastShown = () => screen.getByTestId('spot-last').textContent;

async function openTicket() {
  render(
    <Router>
      <SpotPanel />
    </Router>,
  );
  await screen.findByTestId('spot-submit');
  await act(async () => {
    applyPatch({ feed: { state: 'live', since: 1 } });
    tick('60000.00');
    asks('60001.00', '1');
    await Promise.resolve();
  });
  expect(lastShown()).toBe('60,000.00');
  // The fake posts each stream live with its next flush, as a healthy worker does: the feed's
  // one change, before the ticks counted.
  await waitFor(() => {
    expect(market.streams['ticker|BTCUSDT']?.state).toBe('live');
    expect(market.streams['book|BTCUSDT']?.state).toBe('live');
  });
}

describe('the spot ticket under a running stream', () => {
  it('re-renders only the price cell on ticks and book patches while nothing is typed', async () => {
    await openTicket();
    const before = formRenders();
    expect(before).toBeGreaterThan(0);
    for (let i = 1; i <= 5; i += 1) {
      await act(async () => {
        tick(`${60000 + i}.50`);
        asks(`${60010 + i}.00`, `${i}`);
        await Promise.resolve();
      });
      expect(lastShown()).toBe(`60,00${i}.50`);
    }
    expect(formRenders()).toBe(before);
  });

  it('follows the book once a quantity is typed: its estimate moves with the asks', async () => {
    await openTicket();
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.5' } });
    const typed = formRenders();
    // 0.5 BTC at the one ask, 60,001.00: 30,000.50 USDT.
    expect(screen.getByTestId('spot-amount').textContent).toMatch(/^30,000\.5/);
    await act(async () => {
      asks('62000.00', '1');
      await Promise.resolve();
    });
    expect(formRenders()).toBeGreaterThan(typed);
    expect(screen.getByTestId('spot-amount').textContent).toMatch(/^31,000(\.0+)? USDT$/);
  });

  it('follows the pair’s ticker and book, and no mark stream', async () => {
    await openTicket();
    expect(feed.subscribed).toContain('ticker|BTCUSDT');
    expect(feed.subscribed).toContain('book|BTCUSDT');
    expect(feed.subscribed.filter((key) => key.startsWith('mark|'))).toEqual([]);
  });

  it('takes a market buy once the pair’s ticker is live: no mark stream holds it as stale', async () => {
    await openTicket();
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.001' } });
    expect(screen.queryByTestId('spot-stale')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(false);
    // A ticker stream that stops is said, and holds the market order back.
    feed.streamState('ticker|BTCUSDT', { state: 'stale', heard: 1, reason: null });
    await screen.findByTestId('spot-stale');
    expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(true);
  });
});
