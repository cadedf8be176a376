// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Decimal from 'decimal.js';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { formatMoney } from '../../domain/format/number';
import { stockCosts } from '../../domain/rules';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { StockPanel } from '../../src/screens/trade/stock-panel';
import { applyPatch, resetMarket } from '../../src/state/market';
import { lastStock, rememberStock } from '../../src/state/last-stock';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import {
  SAMPLE_STOCK_COSTS,
  SAMPLE_STOCKS,
  SAMPLE_THYAO_HOLD,
  SAMPLE_THYAO_INFO,
} from '../support/sample-market';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const FILLED = {
  order: {
    id: '7',
    clientOrderId: null,
    wallet: 'stock',
    symbol: 'THYAO',
    name: 'Türk Hava Yolları',
    side: 'buy',
    type: 'limit',
    timeInForce: 'day',
    price: '312.25',
    quantity: '3',
    filledQty: '3',
    avgPrice: '312.25',
    filledAmount: '936.75',
    fees: '1.48',
    frozen: '0',
    realizedPnl: '0',
    status: 'closed',
    statusReason: null,
    createdAt: 1,
    updatedAt: 1,
  },
  fills: [],
};
const server = setupServer(
  http.get(`${API}/stock/index/info`, () => ok(SAMPLE_THYAO_INFO)),
  http.get(`${API}/stock/hold/info`, () => ok(SAMPLE_THYAO_HOLD)),
  http.post(`${API}/stock/order/buy`, () => ok(FILLED)),
  http.post(`${API}/user/info`, () =>
    HttpResponse.json({ code: -1001, key: 'INTERNAL_ERROR', msg: '', data: null }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setLanguage('en-US');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

/** Applies a worker patch and lets valtio's batched notification re-render. */
async function patch(value: Parameters<typeof applyPatch>[0]): Promise<void> {
  await act(async () => {
    applyPatch(value);
    await Promise.resolve();
  });
}

async function renderTicket(side: 'buy' | 'sell' = 'buy') {
  render(
    <Router>
      <StockPanel symbol="THYAO" side={side} />
    </Router>,
  );
  await screen.findByTestId('ticket-cash');
}

describe('stock ticket', () => {
  it('turns market orders off, with the reason, while the feed is stale or the book resyncs', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    await renderTicket();
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false));
    expect(screen.queryByTestId('market-blocked')).toBeNull();

    await patch({ feed: { state: 'stale', since: 2 } });
    await waitFor(() =>
      expect(screen.getByTestId('market-blocked').textContent).toBe(
        'Market orders are paused while prices are not live.',
      ),
    );
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);

    act(() =>
      applyPatch({
        feed: { state: 'live', since: 3 },
        books: { THYAO: { reset: true, state: 'resyncing' } },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('market-blocked').textContent).toBe(
        'Market orders are paused while the order book reloads.',
      ),
    );
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);

    // A limit order doesn't depend on the feed: it can still be sent.
    fireEvent.click(screen.getByTestId('ticket-type-limit'));
    expect(screen.queryByTestId('market-blocked')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false);
  });

  it('turns market orders off out of session, saying so before anything is typed or confirmed', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    const closed = {
      ...SAMPLE_THYAO_INFO,
      status: {
        ...SAMPLE_THYAO_INFO.status,
        state: 'closed' as const,
        open: false,
        nextOpen: Date.now() + 14 * 3_600_000,
        nextClose: null,
      },
    };
    server.use(http.get(`${API}/stock/index/info`, () => ok(closed)));
    await renderTicket();
    // A market order was typed, confirmed and then refused by the broker (MARKET_CLOSED).
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    expect(screen.getByTestId('market-blocked').textContent).toBe(
      'BIST is out of session: market orders can be sent during the session. A limit order joins the book when it opens.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);
    // A limit order is taken out of session: it waits in the book for the opening.
    fireEvent.click(screen.getByTestId('ticket-type-limit'));
    expect(screen.queryByTestId('market-blocked')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false);
    cleanup();

    // Once the next opening has passed, the market order is offered again.
    server.use(
      http.get(`${API}/stock/index/info`, () =>
        ok({ ...closed, status: { ...closed.status, nextOpen: Date.now() - 1_000 } }),
      ),
    );
    await renderTicket();
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false));
    expect(screen.queryByTestId('market-blocked')).toBeNull();
  });

  it('turns market orders off while this instrument’s ticker stream is stale, though the socket is live', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    await renderTicket();
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false));

    await patch({ streams: { 'ticker|THYAO': { state: 'stale', heard: Date.now() - 6_000, reason: null } } });
    await waitFor(() =>
      expect(screen.getByTestId('market-blocked').textContent).toBe(
        'Market orders are paused while prices are not live.',
      ),
    );
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);

    // Another symbol's stream going stale is not this ticket's business.
    await patch({
      streams: {
        'ticker|THYAO': { state: 'live', heard: Date.now(), reason: null },
        'ticker|GARAN': { state: 'refused', heard: 0, reason: 'UNKNOWN_SYMBOL' },
      },
    });
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false));
  });

  it('previews the costs the booking function gives, and steps the price by tick inside the band', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    await renderTicket();
    const price = screen.getByTestId<HTMLInputElement>('ticket-price');
    expect(price.value).toBe('312.25');
    fireEvent.click(screen.getByTestId('ticket-price-plus'));
    // On the next tick (0.25 above 250), with its kuruş as the board quotes it.
    expect(price.value).toBe('312.50');
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '37' } });
    const amount = new Decimal('37').times('312.5');
    const costs = stockCosts(amount, SAMPLE_STOCK_COSTS);
    const money = (value: string) => formatMoney(value, 'en-US', { currency: 'TRY' });
    expect(screen.getByTestId('cost-commission').textContent).toBe(money(costs.commission));
    expect(screen.getByTestId('cost-bsmv').textContent).toBe(money(costs.bsmv));
    expect(screen.getByTestId('cost-exchange-fee').textContent).toBe(money(costs.exchangeFee));
    expect(screen.getByTestId('cost-total').textContent).toBe(money(amount.plus(costs.total).toFixed()));

    fireEvent.change(price, { target: { value: '400' } });
    expect(screen.getByTestId('ticket-error').getAttribute('data-key')).toBe('PRICE_OUTSIDE_BAND');
    // As the band hint under the field shows them (249.80 – 374.50), not "(249.8 – 374.5)".
    expect(screen.getByTestId('ticket-error').textContent).toBe(
      "The price must be within today's limits (249.80 – 374.50).",
    );
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);
  });

  it('names the quantity in the unit the sellable figure uses, in both languages', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    for (const [lang, unit] of [
      ['tr-TR', 'adet'],
      ['en-US', 'shares'],
    ] as const) {
      setLanguage(lang);
      await renderTicket();
      // Not "Miktar (lot)" beside "Satılabilir 0 adet": one order, two units.
      expect(screen.getByTestId('ticket-sellable').textContent).toMatch(new RegExp(`^0 ${unit}$`));
      expect(screen.getByLabelText(new RegExp(`\\(${unit}\\)`))).toBe(screen.getByTestId('ticket-qty'));
      cleanup();
    }
  });

  it('offers to sell all that can be sold now, in whole lots, on the sell side only', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    const holding = {
      symbol: 'THYAO',
      name: 'Türk Hava Yolları',
      quantity: '15',
      sellable: '12',
      frozen: '0',
      locked: '3',
      unlockAt: null,
      t1: true,
      avgCost: '300',
      cost: '4500',
      price: '312',
      marketValue: '4680',
      unrealizedPnl: '180',
      unrealizedPct: '4.00',
      realizedPnl: '0',
    };
    server.use(
      http.get(`${API}/stock/hold/info`, () => ok({ ...SAMPLE_THYAO_HOLD, sellable: '12', holding })),
    );
    // Portföy's "Sat" opened a one-lot ticket with no way to sell the holding but typing it.
    await renderTicket('sell');
    const all = screen.getByTestId('ticket-qty-all');
    // The 3 locked by T+1 are not offered: they cannot be sold today.
    expect(all.textContent).toBe('All: 12 shares');
    fireEvent.click(all);
    expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe('12');
    expect(all.getAttribute('aria-pressed')).toBe('true');
    // A quarter, a half, three quarters of the 12, in whole shares.
    const half = screen.getByTestId('ticket-qty-50');
    expect(half.textContent).toBe('50%');
    expect(half.getAttribute('aria-label')).toBe('50% of it: 6 shares');
    fireEvent.click(screen.getByTestId('ticket-qty-25'));
    expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe('3');
    fireEvent.click(screen.getByTestId('ticket-qty-75'));
    expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe('9');
    fireEvent.click(all);
    expect(screen.queryByTestId('ticket-error')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false);

    fireEvent.click(screen.getByTestId('ticket-side-buy'));
    expect(screen.queryByTestId('ticket-qty-all')).toBeNull();
    cleanup();

    // One share is "share", not "shares".
    server.use(
      http.get(`${API}/stock/hold/info`, () =>
        ok({ ...SAMPLE_THYAO_HOLD, sellable: '1', holding: { ...holding, sellable: '1', locked: '0' } }),
      ),
    );
    await renderTicket('sell');
    expect(screen.getByTestId('ticket-qty-all').textContent).toBe('All: 1 share');
    // No share of one share is offered.
    expect(screen.queryByTestId('ticket-qty-50')).toBeNull();
  });

  it('says how many shares are in open sell orders, which the sellable figure leaves out', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    const holding = {
      symbol: 'THYAO',
      name: 'Türk Hava Yolları',
      quantity: '30',
      sellable: '20',
      frozen: '10',
      locked: '0',
      unlockAt: null,
      t1: false,
      avgCost: '319',
      cost: '9570',
      price: '318',
      marketValue: '9540',
      unrealizedPnl: '-30',
      unrealizedPct: '-0.31',
      realizedPnl: '0',
    };
    server.use(
      http.get(`${API}/stock/hold/info`, () => ok({ ...SAMPLE_THYAO_HOLD, sellable: '20', holding })),
    );
    // 30 held with 10 offered at a limit: the ticket said "Sellable 20 shares" and nothing of the other 10.
    await renderTicket('sell');
    expect(screen.getByTestId('ticket-sellable').textContent).toBe('20 shares');
    expect(screen.getByTestId('ticket-in-orders').textContent).toBe('10 shares');
    expect(screen.getByTestId('ticket-account').textContent).toContain('In open sell orders');
    cleanup();

    // Nothing in orders: no row for it.
    server.use(
      http.get(`${API}/stock/hold/info`, () =>
        ok({ ...SAMPLE_THYAO_HOLD, sellable: '30', holding: { ...holding, sellable: '30', frozen: '0' } }),
      ),
    );
    await renderTicket('sell');
    expect(screen.queryByTestId('ticket-in-orders')).toBeNull();
  });

  it('clears the quantity after an order without calling the empty field an error', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    await renderTicket();
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    fireEvent.click(await screen.findByTestId('confirm-sheet-submit'));
    await screen.findByTestId('result-status');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe(''));
    // Cleared, so one more tap cannot repeat the order; nothing typed, so nothing is wrong yet.
    expect(screen.queryByTestId('ticket-error')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);
    // A zero the user typed is still refused with its reason.
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '0' } });
    expect(screen.getByTestId('ticket-error').getAttribute('data-key')).toBe('ORDER_AMOUNT_ZERO');
  });

  it('says what a resting order holds, where its amount and costs are still ₺0,00', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    const resting = {
      ...FILLED,
      order: {
        ...FILLED.order,
        status: 'open',
        filledQty: '0',
        avgPrice: null,
        filledAmount: '0',
        fees: '0',
        frozen: '938.23',
      },
    };
    server.use(http.post(`${API}/stock/order/buy`, () => ok(resting)));
    await renderTicket();
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    fireEvent.click(await screen.findByTestId('confirm-sheet-submit'));
    expect((await screen.findByTestId('result-held')).textContent).toBe('₺938.23');
    cleanup();

    // Filled: nothing is held, and no row says so.
    server.use(http.post(`${API}/stock/order/buy`, () => ok(FILLED)));
    await renderTicket();
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    fireEvent.click(await screen.findByTestId('confirm-sheet-submit'));
    await screen.findByTestId('result-status');
    expect(screen.queryByTestId('result-held')).toBeNull();
  });

  it('keeps the client order id when the sheet is closed after a lost answer and the order confirmed again', async () => {
    // "Could not be reached": the user closed the sheet and confirmed the same order
    // again; a new id went out and, the first order having been placed, the broker placed two.
    const ids: string[] = [];
    server.use(
      http.post(`${API}/stock/order/buy`, async ({ request }) => {
        ids.push(new URLSearchParams(await request.text()).get('clientOrderId') ?? '');
        return ids.length === 1 ? HttpResponse.error() : ok(FILLED);
      }),
    );
    await patch({ feed: { state: 'live', since: 1 } });
    await renderTicket();
    const confirm = async (qty: string) => {
      fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: qty } });
      fireEvent.click(screen.getByTestId('ticket-submit'));
      fireEvent.click(await screen.findByTestId('confirm-sheet-submit'));
    };
    await confirm('3');
    await screen.findByTestId('confirm-sheet-error');
    fireEvent.click(screen.getByTestId('confirm-sheet-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-sheet')).toBeNull());
    await confirm('3');
    await screen.findByTestId('result-status');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^c[0-9a-f]{24}$/);
    expect(ids[1]).toBe(ids[0]);
    // Answered: the same order typed again is another order, with another id.
    fireEvent.click(screen.getByTestId('result-sheet-done'));
    await confirm('3');
    await waitFor(() => expect(ids).toHaveLength(3));
    expect(ids[2]).toMatch(/^c[0-9a-f]{24}$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('keeps the order in its sheet after INTERNAL_ERROR, and its id when confirmed again back on the screen', async () => {
    // The broker's own failure after the order may have been placed (it keeps the id claimed):
    // shown as "rejected", the intent ended, the same order confirmed again went out under a new
    // id, and the broker placed it a second time.
    const ids: string[] = [];
    server.use(
      http.post(`${API}/stock/order/buy`, async ({ request }) => {
        ids.push(new URLSearchParams(await request.text()).get('clientOrderId') ?? '');
        if (ids.length > 1) return ok(FILLED);
        return HttpResponse.json(
          { code: -1001, key: 'INTERNAL_ERROR', msg: 'Something went wrong', data: {} },
          { status: 500 },
        );
      }),
    );
    await patch({ feed: { state: 'live', since: 1 } });
    const confirm = async () => {
      await renderTicket();
      fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '3' } });
      fireEvent.click(screen.getByTestId('ticket-submit'));
      fireEvent.click(await screen.findByTestId('confirm-sheet-submit'));
    };
    await confirm();
    expect((await screen.findByTestId('confirm-sheet-error')).textContent).toBe('Something went wrong');
    expect(screen.queryByTestId('result-status')).toBeNull();
    cleanup();

    await confirm();
    await screen.findByTestId('result-status');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^c[0-9a-f]{24}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('says when an IPO stock opens for trading and sends no order before then', async () => {
    await patch({ feed: { state: 'live', since: 1 } });
    let orders = 0;
    server.use(
      http.get(`${API}/stock/index/info`, () =>
        ok({ ...SAMPLE_THYAO_INFO, listingAt: Date.UTC(2030, 0, 2, 7) }),
      ),
      http.post(`${API}/stock/order/buy`, () => {
        orders += 1;
        return ok(FILLED);
      }),
    );
    await renderTicket();
    expect(screen.getByTestId('ticket-not-listed').textContent).toMatch(
      /opens for trading on 01\/02\/2030, 10:00 AM/,
    );
    fireEvent.change(screen.getByTestId('ticket-qty'), { target: { value: '3' } });
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('ticket-submit'));
    expect(orders).toBe(0);
    server.resetHandlers();
  });
});

describe('a ticker the broker does not know', () => {
  it('says which was not found and offers the stock picker, not a retry', async () => {
    server.use(
      http.get(`${API}/stock/index/info`, () =>
        HttpResponse.json({ code: -1001, msg: 'Symbol not found.', key: 'UNKNOWN_SYMBOL', data: {} }),
      ),
      http.get(`${API}/stock/hold/info`, () =>
        HttpResponse.json({ code: -1001, msg: 'Symbol not found.', key: 'UNKNOWN_SYMBOL', data: {} }),
      ),
    );
    render(
      <Router>
        <StockPanel symbol="XXXX" side="buy" />
      </Router>,
    );
    const state = await screen.findByTestId('empty-state');
    expect(state.textContent).toContain('“XXXX” was not found');
    expect(state.textContent).toContain('No stock trades under this ticker. Pick another one from the list.');
    expect(screen.getByTestId('ticket-pick').textContent).toBe('Choose a stock');
    expect(screen.queryByTestId('retry')).toBeNull();
    // No price nor feed for what does not exist.
    expect(screen.queryByTestId('ticket-last')).toBeNull();
  });
});

describe('a stock ticket with no cash', () => {
  it('points to the deposit hub when buying; with cash, or selling, it says nothing', async () => {
    server.use(http.get(`${API}/stock/hold/info`, () => ok({ ...SAMPLE_THYAO_HOLD, cashAvailable: '0' })));
    await renderTicket();
    const hint = await screen.findByTestId('ticket-no-cash');
    expect(hint.textContent).toContain('You have no cash available. Deposit first to buy shares.');
    expect(screen.getByTestId('ticket-no-cash-link').getAttribute('href')).toBe('/pages/recharge/recharge');
    // Not a block: the ticket is all there.
    expect(screen.getByTestId('ticket-submit')).toBeTruthy();
    cleanup();

    server.use(
      http.get(`${API}/stock/hold/info`, () =>
        ok({ ...SAMPLE_THYAO_HOLD, cashAvailable: '0', sellable: '5' }),
      ),
    );
    render(
      <Router>
        <StockPanel symbol="THYAO" side="sell" />
      </Router>,
    );
    await screen.findByTestId('ticket-cash');
    expect(screen.queryByTestId('ticket-no-cash')).toBeNull();
    cleanup();

    // Nothing to sell either: "deposit to buy shares" is no answer to a sale.
    server.use(http.get(`${API}/stock/hold/info`, () => ok({ ...SAMPLE_THYAO_HOLD, cashAvailable: '0' })));
    render(
      <Router>
        <StockPanel symbol="THYAO" side="sell" />
      </Router>,
    );
    await screen.findByTestId('ticket-cash');
    expect(screen.queryByTestId('ticket-no-cash')).toBeNull();
    cleanup();

    server.resetHandlers();
    await renderTicket();
    expect(screen.queryByTestId('ticket-no-cash')).toBeNull();
  });
});

describe('the stock ticket opened without a symbol', () => {
  const infoFor = http.get(`${API}/stock/index/info`, ({ request }) => {
    const symbol = new URL(request.url).searchParams.get('symbol') ?? '';
    return ok({ ...SAMPLE_THYAO_INFO, symbol, name: `${symbol} A.Ş.` });
  });
  const panel = () =>
    render(
      <Router>
        <StockPanel symbol="" side="buy" />
      </Router>,
    );

  it('starts on the stock the user last opened, says so, and asks for no list', async () => {
    localStorage.clear();
    rememberStock('GARAN');
    // Any list request would fail the test (unhandled): the stored stock is enough.
    server.use(infoFor);
    panel();
    await screen.findByTestId('ticket-cash');
    expect(screen.getByTestId('ticket-symbol').textContent).toContain('GARAN');
    const note = screen.getByTestId('ticket-preselected');
    expect(note.dataset.why).toBe('last');
    expect(note.textContent).toBe('The stock you viewed last. Tap its name to pick another.');
  });

  it('else starts on the most traded stock of the markets list, not remembered as opened', async () => {
    localStorage.clear();
    const queries: Record<string, string>[] = [];
    const byTurnover = [...SAMPLE_STOCKS].sort((a, b) => Number(b.turnover) - Number(a.turnover));
    server.use(
      infoFor,
      http.get(`${API}/stock/index/list`, ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return ok({ list: byTurnover, total: byTurnover.length, page: 1, size: 30 });
      }),
    );
    panel();
    await screen.findByTestId('ticket-cash');
    expect(queries[0]).toMatchObject({ sort: 'turnover', order: 'desc', market: 'stock' });
    expect(screen.getByTestId('ticket-symbol').textContent).toContain(byTurnover[0]!.symbol);
    expect(screen.getByTestId('ticket-preselected').dataset.why).toBe('top');
    expect(screen.getByTestId('ticket-preselected').textContent).toBe(
      "Today's most traded stock. Tap its name to pick another.",
    );
    expect(lastStock()).toBeNull();
  });

  it('a stored stock since delisted says it was not found and offers the picker, without the note', async () => {
    localStorage.clear();
    rememberStock('XXXX');
    const unknown = () =>
      HttpResponse.json({ code: -1001, msg: 'Symbol not found.', key: 'UNKNOWN_SYMBOL', data: {} });
    server.use(http.get(`${API}/stock/index/info`, unknown), http.get(`${API}/stock/hold/info`, unknown));
    panel();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('“XXXX” was not found');
    expect(screen.getByTestId('ticket-pick')).toBeTruthy();
    expect(screen.queryByTestId('ticket-preselected')).toBeNull();
  });

  it('remembers a stock the user asked for, for the next time', async () => {
    localStorage.clear();
    await renderTicket();
    expect(screen.queryByTestId('ticket-preselected')).toBeNull();
    await waitFor(() => expect(lastStock()).toBe('THYAO'));
  });
});
