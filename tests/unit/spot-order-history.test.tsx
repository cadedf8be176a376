// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { SpotOrder } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { SpotOrders } from '../../src/screens/contract/spot-orders';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';

/**
 * A coin sale's realised P&L and every filled order's fee were booked by the broker but shown on
 * no screen (a sale of 0.1 ETH for -1.00437842 USDT was found nowhere): the history card
 * shows both, in the quote coin, a loss in red, as stock orders do.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

function order(extra: Partial<SpotOrder>): SpotOrder {
  return {
    id: '1',
    clientOrderId: null,
    wallet: 'coin',
    symbol: 'ETHUSDT',
    name: 'Ethereum',
    side: 'sell',
    type: 'market',
    timeInForce: 'gtc',
    price: null,
    quantity: '0.1',
    filledQty: '0.1',
    avgPrice: '3412.3',
    filledAmount: '341.23',
    fees: '0.34123',
    frozen: '0',
    realizedPnl: '-1.00437842',
    status: 'closed',
    statusReason: null,
    createdAt: 1_795_680_000_000,
    updatedAt: 1_795_680_000_000,
    ...extra,
  };
}

let history: SpotOrder[] = [];
let working: SpotOrder[] = [];
const server = setupServer(
  http.post(`${API}/coin/order/list`, async ({ request }) => {
    const status = new URLSearchParams(await request.text()).get('status');
    const list = status === 'history' ? history : working;
    return ok({ list, total: list.length, page: 1, size: 20 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  history = [];
  working = [];
});
afterEach(() => cleanup());

/** Figures join number and unit with a no-break space. */
const text = (element: HTMLElement) => element.textContent?.replaceAll('\u00a0', ' ');

async function openHistory(): Promise<HTMLElement[]> {
  render(
    <Router>
      <SpotOrders
        info={{ symbol: 'ETHUSDT', priceScale: 2, qtyScale: 4, base: 'ETH', quote: 'USDT' }}
        epoch={0}
        onChange={() => {}}
      />
    </Router>,
  );
  fireEvent.click(await screen.findByTestId('spot-orders-history'));
  await screen.findAllByTestId('spot-order');
  return screen.getAllByTestId('spot-order');
}

describe('coin order history', () => {
  it.each([
    ['tr-TR', '-1,00 USDT', '0,34 USDT'],
    ['en-US', '-1.00 USDT', '0.34 USDT'],
  ] as const)('%s: a sale shows its realised P&L and fee in USDT, a loss in red', async (lang, pnl, fee) => {
    setLanguage(lang);
    history = [order({})];
    const [card] = await openHistory();
    const shown = within(card!).getByTestId('spot-order-pnl');
    expect(text(shown)).toBe(pnl);
    expect(shown.className).toContain('tone-down');
    expect(text(within(card!).getByTestId('spot-order-fees'))).toBe(fee);
  });

  it('a buy shows its fee and no P&L; an order never filled shows neither', async () => {
    setLanguage('en-US');
    history = [
      order({ id: '2', side: 'buy', realizedPnl: '0', fees: '0.5' }),
      order({ id: '3', status: 'cancelled', filledQty: '0', avgPrice: null, fees: '0', realizedPnl: '0' }),
    ];
    const [buy, cancelled] = await openHistory();
    expect(text(within(buy!).getByTestId('spot-order-fees'))).toBe('0.50 USDT');
    expect(within(buy!).queryByTestId('spot-order-pnl')).toBeNull();
    expect(within(cancelled!).queryByTestId('spot-order-fees')).toBeNull();
    expect(within(cancelled!).queryByTestId('spot-order-pnl')).toBeNull();
  });

  it('a small fee shows as what it is, not as 0.00', async () => {
    setLanguage('tr-TR');
    history = [order({ id: '4', side: 'buy', realizedPnl: '0', fees: '0.0059999' })];
    const [buy] = await openHistory();
    // 0.0059999 USDT: "0,00" would hide it; three decimals show it (truncated).
    expect(text(within(buy!).getByTestId('spot-order-fees'))).toBe('0,005 USDT');
  });
});

describe('coin open orders', () => {
  it.each([
    ['tr-TR', '369,4305615 USDT', '0,0500 ETH'],
    ['en-US', '369.4305615 USDT', '0.0500 ETH'],
  ] as const)(
    '%s: a working order says what it holds, a buy its USDT, a sell its coins',
    async (lang, usdt, eth) => {
      setLanguage(lang);
      // A limit buy of 0.123 ETH at 3,000.50: 369.43 USDT left the available balance and
      // its card said nothing of them (price, 0 filled, no average).
      const resting = {
        status: 'open' as const,
        type: 'limit' as const,
        filledQty: '0',
        avgPrice: null,
        fees: '0',
      };
      working = [
        order({
          ...resting,
          id: '5',
          side: 'buy',
          price: '3000.5',
          quantity: '0.123',
          frozen: '369.4305615',
        }),
        order({ ...resting, id: '6', side: 'sell', price: '3900', quantity: '0.05', frozen: '0.05' }),
      ];
      render(
        <Router>
          <SpotOrders
            info={{ symbol: 'ETHUSDT', priceScale: 2, qtyScale: 4, base: 'ETH', quote: 'USDT' }}
            epoch={0}
            onChange={() => {}}
          />
        </Router>,
      );
      const [buy, sell] = await screen.findAllByTestId('spot-order');
      expect(text(within(buy!).getByTestId('spot-order-held'))).toBe(usdt);
      expect(text(within(sell!).getByTestId('spot-order-held'))).toBe(eth);
    },
  );
});
