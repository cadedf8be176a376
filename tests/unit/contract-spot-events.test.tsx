// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { MarketPatch } from '../../domain/market-data/contract';
import '../../src/i18n/setup';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';

/**
 * The spot ticket follows the private channels: an `orders` event (a fill, an expiry, a cancel
 * elsewhere) re-reads the open orders, a `balances` event the wallets; a burst is one re-read,
 * and another channel's event re-reads neither.
 */
const reads = { orders: 0, assets: 0 };
let usdt = '1000';
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () => {
    reads.assets += 1;
    return ok({
      coin: [{ currency: 'USDT', available: usdt, frozen: '0', total: usdt, valueUsdt: usdt }],
      contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
      totalUsdt: usdt,
    });
  }),
  http.post(`${API}/coin/order/list`, () => {
    reads.orders += 1;
    return ok({ list: [], total: 0, page: 1, size: 20 });
  }),
);

let fake: FakeMarketData;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The ticket's rules (decimal.js) load after its first paint or at the first input; here up front,
// as on a page past its first paint (their first import in a worker takes seconds of transforms).
beforeAll(async () => {
  await loadSpotRules();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  fake = new FakeMarketData();
  setMarketDataApi(fake);
  setLanguage('en-US');
  reads.orders = 0;
  reads.assets = 0;
  usdt = '1000';
});
afterEach(() => cleanup());

async function deliver(patch: MarketPatch): Promise<void> {
  fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

describe('spot ticket on the private channels', () => {
  it('orders events re-read the open orders, balances events the wallets, once per burst', async () => {
    render(
      <Router>
        <SpotPanel />
      </Router>,
    );
    await screen.findByTestId('empty-state');
    expect(screen.getByTestId('spot-available').textContent).toContain('1,000.00');
    const before = { ...reads };

    await deliver({ events: [{ ch: 'messages', data: {} }] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reads).toEqual(before);

    await deliver({
      events: [
        { ch: 'orders', data: {} },
        { ch: 'orders', data: {} },
      ],
    });
    await waitFor(() => expect(reads.orders).toBe(before.orders + 1));
    expect(reads.assets).toBe(before.assets);

    usdt = '750';
    await deliver({ events: [{ ch: 'balances', resync: true }] });
    await waitFor(() => expect(screen.getByTestId('spot-available').textContent).toContain('750.00'));
    expect(reads).toEqual({ orders: before.orders + 1, assets: before.assets + 1 });
  });
});
