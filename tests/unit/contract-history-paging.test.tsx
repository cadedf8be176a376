// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ContractPosition } from '../../domain/protocol/contracts';
import type { SpotOrder } from '../../domain/protocol/trading';
import type { LiveData } from '../../src/components/content/use-live-data';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { PositionsSection } from '../../src/screens/contract/positions-section';
import { SpotOrders } from '../../src/screens/contract/spot-orders';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { coinOrder, CONTRACT_RULES, openPosition } from './contract-fixtures';

/**
 * The histories under the contract and spot tickets read a page at a time: a months-old account
 * has more closed positions and finished orders than one page (24 closed positions
 * left the 4 oldest unreachable). Every row is reachable, once, and the list says when it ends.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const CLOSED = 24;
const FINISHED = 27;

const closed = (n: number): ContractPosition => ({
  ...openPosition(String(n), { side: 'long', qty: '0.01', entryPrice: '60000', margin: '60' }, '0.3'),
  status: 'closed',
  closeReason: 'user',
  closePrice: '60100',
  closeFee: '0.3',
  realizedPnl: '0.4',
  closedAt: 1_700_000_000_000 + n * 60_000,
});
const finished = (n: number): SpotOrder =>
  coinOrder({
    id: String(n),
    quantity: '0.001',
    filledQty: '0.001',
    filledAmount: '60',
    fees: '0.06',
    createdAt: 1_700_000_000_000 + n * 60_000,
    updatedAt: 1_700_000_000_000 + n * 60_000,
  });

const asked: Record<string, string>[] = [];
/** The client posts forms (src/api/request.ts). */
const form = async (request: Request) => Object.fromEntries(new URLSearchParams(await request.text()));
const server = setupServer(
  http.post(`${API}/coin/contract/order/list`, async ({ request }) => {
    const query = await form(request);
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 20);
    const all = Array.from({ length: CLOSED }, (_, i) => closed(CLOSED - i));
    return ok({ list: all.slice((page - 1) * size, page * size), total: CLOSED, page, size });
  }),
  http.post(`${API}/coin/order/list`, async ({ request }) => {
    const query = await form(request);
    asked.push(query);
    const size = Number(query.size ?? 20);
    const all = Array.from({ length: FINISHED }, (_, i) => finished(FINISHED - i));
    const from = query.before ? all.findIndex((o) => Number(o.id) < Number(query.before)) : 0;
    return ok({ list: all.slice(from, from + size), total: FINISHED, page: Number(query.page ?? 1), size });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setLanguage('en-US');
  asked.length = 0;
});
afterEach(() => cleanup());

const ids = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-id'));

describe('contract position history', () => {
  it('reaches the oldest closed position with "Older positions", each once, then ends', async () => {
    const active: LiveData<ContractPosition[]> = {
      status: 'ready',
      data: [],
      error: undefined,
      reload: () => {},
      refresh: () => {},
      update: () => {},
    };
    render(
      <Router>
        <PositionsSection
          active={active}
          rules={CONTRACT_RULES}
          infos={SAMPLE_COIN_INFOS}
          available="0"
          onChanged={() => {}}
        />
      </Router>,
    );
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    await waitFor(() => expect(ids('positions-history')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Older positions' }));
    await waitFor(() => expect(ids('positions-history')).toHaveLength(CLOSED));
    expect(new Set(ids('positions-history')).size).toBe(CLOSED);
    expect(screen.queryByTestId('load-more')).toBeNull();
  });
});

describe('spot order history', () => {
  it('pages from the last order shown and reaches the first order, each once', async () => {
    render(
      <Router>
        <SpotOrders
          info={{ symbol: 'BTCUSDT', priceScale: 2, qtyScale: 6, base: 'BTC', quote: 'USDT' }}
          epoch={0}
          onChange={() => {}}
        />
      </Router>,
    );
    fireEvent.click(screen.getByTestId('spot-orders-history'));
    await waitFor(() => expect(screen.getAllByTestId('spot-order')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Older orders' }));
    await waitFor(() => expect(screen.getAllByTestId('spot-order')).toHaveLength(FINISHED));
    // The second page was asked after the 20th order shown (id 8), not by offset.
    expect(asked.at(-1)).toMatchObject({ status: 'history', before: '8' });
    expect(screen.queryByTestId('load-more')).toBeNull();
  });
});
