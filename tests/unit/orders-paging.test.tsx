// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import OrdersScreen from '../../src/screens/trade/orders-screen';
import { clearUserInfo, setSession } from '../../src/state/session';
import { FakeMarketData } from '../support/fake-market-data';
import { renderAt } from './options-fixtures';

/**
 * A heavy account: hundreds of orders, and the user (or the market) keeps adding and
 * finishing them while they scroll. "Load more" must show every order once: it asks for the
 * orders after the last one shown, leaves out a row an offset-paging broker repeats, and stops
 * when a page comes back short even if the first page's total promised more.
 */
const API = `${location.origin}/ipxtrg-api`;
const order = (id: number, status: SpotOrder['status']): SpotOrder => ({
  id: String(id),
  clientOrderId: null,
  wallet: 'stock',
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  side: 'buy',
  type: 'limit',
  timeInForce: 'day',
  price: '95.00',
  quantity: '1',
  filledQty: status === 'closed' ? '1' : '0',
  avgPrice: null,
  filledAmount: '0',
  fees: '0',
  frozen: '0',
  realizedPnl: '0',
  status,
  statusReason: null,
  createdAt: Date.UTC(2026, 10, 20, 9, 0) + id,
  updatedAt: Date.UTC(2026, 10, 20, 9, 0) + id,
});

let rows: SpotOrder[] = [];
let honourCursor = true;
let queries: { page: string | null; before: string | null }[] = [];
const server = setupServer(
  http.get(`${API}/stock/order/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const status = params.get('status') ?? 'open';
    const all = rows.filter((o) => (status === 'open') === (o.status === 'open'));
    const page = Number(params.get('page') ?? '1');
    const size = Number(params.get('size') ?? '20');
    const before = honourCursor ? params.get('before') : null;
    queries.push({ page: params.get('page'), before: params.get('before') });
    const from = before === null ? (page - 1) * size : all.findIndex((o) => o.id === before) + 1;
    const list = all.slice(from, from + size);
    return HttpResponse.json({ code: 0, msg: '', data: { list, total: all.length, page, size } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setMarketDataApi(new FakeMarketData());
  honourCursor = true;
  queries = [];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } }, 'real');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearUserInfo();
  localStorage.clear();
});
afterAll(() => server.close());

const shown = () => screen.queryAllByTestId('order-row').map((el) => el.dataset.orderId ?? '');
/** `n` orders, newest (highest id) first. */
const orders = (n: number, status: SpotOrder['status'], top = 1000) =>
  Array.from({ length: n }, (_, i) => order(top - i, status));

async function openHistory() {
  renderAt('/pages/stock/order', OrdersScreen);
  fireEvent.click(await screen.findByTestId('orders-tab-history'));
  await waitFor(() => expect(shown()).toHaveLength(20));
}

describe('order history at depth', () => {
  it('asks for the orders after the last one shown and reaches the oldest, each once', async () => {
    rows = orders(45, 'closed');
    await openHistory();
    rows.unshift(order(1001, 'closed'));
    fireEvent.click(screen.getByText('Daha fazla'));
    await waitFor(() => expect(shown()).toHaveLength(40));
    fireEvent.click(screen.getByText('Daha fazla'));
    await waitFor(() => expect(shown()).toHaveLength(45));
    expect(shown()).toEqual(rows.slice(1).map((o) => o.id));
    expect(queries.filter((q) => q.before !== null).map((q) => q.before)).toEqual(['981', '961']);
    expect(screen.queryByText('Daha fazla')).toBeNull();
  });

  it('shows no order twice when a broker pages by offset and an order is added meanwhile', async () => {
    honourCursor = false;
    rows = orders(45, 'closed');
    await openHistory();
    rows.unshift(order(1001, 'closed'));
    fireEvent.click(screen.getByText('Daha fazla'));
    await waitFor(() => expect(shown()).toHaveLength(39));
    const ids = shown();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stops offering more when a page comes back short: orders left the list meanwhile', async () => {
    honourCursor = false;
    rows = orders(25, 'open');
    renderAt('/pages/stock/order', OrdersScreen);
    await waitFor(() => expect(shown()).toHaveLength(20));
    rows.splice(0, 3); // filled or cancelled elsewhere: the open list has 22 now, not 25
    fireEvent.click(screen.getByText('Daha fazla'));
    await waitFor(() => expect(queries).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Daha fazla')).toBeNull());
  });
});
