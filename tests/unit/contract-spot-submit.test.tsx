// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { account } from '../../src/state/account';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData, tickerView } from '../support/fake-market-data';
import { SAMPLE_COIN_ASSETS, SAMPLE_COIN_INFOS } from '../support/sample-market';
import { coinOrder } from './contract-fixtures';
import { profile } from './ipo-fixtures';

/**
 * A spot order carries one client order id per confirmation: when the answer is lost and the
 * user confirms again, the same id goes out, so the broker places the order once.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const sent: Record<string, string>[] = [];
let mode: 'lose-first' | 'lose-then-in-progress' | 'lose-then-wrong-password' | 'answer' = 'lose-first';
const filled = { order: coinOrder(), fills: [] };
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () => ok(SAMPLE_COIN_ASSETS)),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
  http.post(`${API}/coin/order/add`, async ({ request }) => {
    sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
    if (mode !== 'answer' && sent.length === 1) return HttpResponse.error();
    if (mode === 'lose-then-in-progress' && sent.length === 2)
      return HttpResponse.json({ code: -1001, msg: 'Still running', key: 'REQUEST_IN_PROGRESS', data: null });
    // The broker checks the password before it looks for the order under its id.
    if (mode === 'lose-then-wrong-password' && sent.length === 2)
      return HttpResponse.json({
        code: -1001,
        msg: 'Wrong password',
        key: 'TRADE_PASSWORD_INCORRECT',
        data: null,
      });
    // Slow enough for a second tap to land while the first is in flight.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return ok(filled);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The ticket's rules (decimal.js) load after its first paint or at the first input; here up front,
// as on a page past its first paint (their first import in a worker takes seconds of transforms).
beforeAll(async () => {
  await loadSpotRules();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setLanguage('en-US');
  sent.length = 0;
  mode = 'lose-first';
  account.profile = null;
});
afterEach(() => cleanup());

const renderPanel = () =>
  render(
    <Router>
      <SpotPanel />
    </Router>,
  );

/** Types a limit buy of 0.01 BTC at 60,000 and opens its confirmation. */
function askLimitBuy() {
  fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '60000' } });
  fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.01' } });
  fireEvent.click(screen.getByTestId('spot-submit'));
}

/** The panel with the limit buy asked for. */
async function openWithLimitBuy() {
  renderPanel();
  await screen.findByTestId('empty-state');
  fireEvent.click(screen.getByTestId('spot-type-limit'));
  askLimitBuy();
}

describe('spot order idempotency', () => {
  it('resends the same client order id when the user retries one confirmation', async () => {
    await openWithLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-confirm-error');
    fireEvent.click(screen.getByTestId('spot-confirm-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.clientOrderId).toMatch(/^c[0-9a-f]{24}$/);
    expect(sent[1]?.clientOrderId).toBe(sent[0]?.clientOrderId);
    expect(sent[0]).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01' });
  });

  it('keeps the id when the sheet is closed after a lost answer and the same order confirmed again', async () => {
    // "Could not be reached": the user closed the sheet and confirmed the same order
    // again; a new id went out and, the first order having been placed, the broker placed two.
    await openWithLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-confirm-error');
    fireEvent.click(screen.getByTestId('spot-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('spot-confirm')).toBeNull());
    fireEvent.click(screen.getByTestId('spot-submit'));
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-result');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.clientOrderId).toBe(sent[0]?.clientOrderId);
    // Answered: the same order typed again is another order, with another id.
    fireEvent.click(screen.getByTestId('spot-result-done'));
    askLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.clientOrderId).toMatch(/^c[0-9a-f]{24}$/);
    expect(sent[2]?.clientOrderId).not.toBe(sent[0]?.clientOrderId);
  });

  it('keeps the id after REQUEST_IN_PROGRESS, the screen left and the same order confirmed again', async () => {
    // The retry of a lost answer is told the first is still running: the order may be placed.
    // Ending the intent there gave the next confirmation, back on the screen, a new id: two orders.
    mode = 'lose-then-in-progress';
    await openWithLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-confirm-error');
    fireEvent.click(screen.getByTestId('spot-confirm-submit'));
    await screen.findByText('Still running');
    cleanup();

    await openWithLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-result');
    expect(sent).toHaveLength(3);
    expect(sent[0]?.clientOrderId).toMatch(/^c[0-9a-f]{24}$/);
    expect(sent[1]?.clientOrderId).toBe(sent[0]?.clientOrderId);
    expect(sent[2]?.clientOrderId).toBe(sent[0]?.clientOrderId);
  });

  it('keeps the id when the retry of a lost answer is refused for a mistyped trade password', async () => {
    // The first order was placed; the retry's password is checked before its id is looked up, so
    // a typo is refused. Ending the intent there sent the corrected retry under a new id: two orders.
    mode = 'lose-then-wrong-password';
    account.profile = profile({ confirmOrdersWithTradePassword: true });
    await openWithLimitBuy();
    const confirm = async (password: string) => {
      fireEvent.change(await screen.findByTestId('spot-confirm-password'), { target: { value: password } });
      fireEvent.click(screen.getByTestId('spot-confirm-submit'));
    };
    await confirm('246810');
    await screen.findByTestId('spot-confirm-error');
    await confirm('246811');
    await screen.findByText('Wrong password');
    // The sheet closed and the same order confirmed again.
    fireEvent.click(screen.getByTestId('spot-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('spot-confirm')).toBeNull());
    fireEvent.click(screen.getByTestId('spot-submit'));
    await confirm('246810');
    await screen.findByTestId('spot-result');
    expect(sent).toHaveLength(3);
    expect(sent[0]?.clientOrderId).toMatch(/^c[0-9a-f]{24}$/);
    expect(sent[2]?.clientOrderId).toBe(sent[0]?.clientOrderId);
  });

  it('sends once on a double tap, then empties the ticket so a further tap cannot repeat it', async () => {
    mode = 'answer';
    await openWithLimitBuy();
    const confirm = await screen.findByTestId('spot-confirm-submit');
    const summary = screen.getByTestId('spot-confirm-summary');
    expect([...summary.querySelectorAll('dd')].map((dd) => dd.textContent)).toContain('0.0100 BTC');
    expect(screen.getByTestId('spot-confirm-costs').textContent).toContain('600.00 USDT');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const result = await screen.findByTestId('spot-result');
    expect(sent).toHaveLength(1);
    // Each figure with its unit ("Filled 0.00400", "Fee 0.38": of which coin?). The fee
    // is charged in USDT, buying or selling.
    const figures = [...result.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(figures).toEqual(['0.0100 BTC', '60,000.00', '0.60 USDT']);
    expect(screen.getByTestId<HTMLInputElement>('spot-qty').value).toBe('');
    expect(screen.getByTestId('spot-submit')).toHaveProperty('disabled', true);
  });

  it('says what a resting order holds: its 0 filled and 0 fee read as nothing committed', async () => {
    mode = 'answer';
    const resting = coinOrder({
      status: 'open',
      filledQty: '0',
      avgPrice: null,
      filledAmount: '0',
      fees: '0',
      frozen: '600.6',
    });
    server.use(http.post(`${API}/coin/order/add`, () => ok({ order: resting, fills: [] })));
    await openWithLimitBuy();
    fireEvent.click(await screen.findByTestId('spot-confirm-submit'));
    await screen.findByTestId('spot-result');
    expect(screen.getByTestId('spot-result-held').textContent).toContain('600.60 USDT');
  });

  it('shows amount, fee and total in decimals at which the shown figures add up', async () => {
    server.use(
      http.post(`${API}/coin/assets`, () =>
        ok({ ...SAMPLE_COIN_ASSETS, spot: { feeRate: '0.001', minAmount: '5' } }),
      ),
    );
    renderPanel();
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    const shown = () =>
      ['spot-amount', 'spot-fee', 'spot-total'].map((id) => screen.getByTestId(id).textContent);
    // 60,000 × 0.01 = 600 + 0.6 fee = 600.6: two decimals add up.
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '60000' } });
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.01' } });
    await waitFor(() => expect(shown()).toEqual(['600.00 USDT', '0.60 USDT', '600.60 USDT']));
    // 59,999 × 0.0001 = 5.9999 + 0.0059999 fee = 6.0058999: at 2, 5.99 + 0.00 ≠ 6.00; at 3,
    // 5.999 + 0.005 ≠ 6.005; at 4, 5.9999 + 0.0059 = 6.0058.
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '59999' } });
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.0001' } });
    await waitFor(() => expect(shown()).toEqual(['5.9999 USDT', '0.0059 USDT', '6.0058 USDT']));
  });

  it('keeps the figures’ decimals steady while the live price moves, and resets them on new input', async () => {
    server.use(
      http.post(`${API}/coin/assets`, () =>
        ok({ ...SAMPLE_COIN_ASSETS, spot: { feeRate: '0.001', minAmount: '5' } }),
      ),
    );
    const fake = new FakeMarketData();
    setMarketDataApi(fake);
    renderPanel();
    await screen.findByTestId('empty-state');
    const live = { state: 'live' as const, heard: 1, reason: null };
    const price = async (last: string) => {
      act(() =>
        fake.push({
          feed: { state: 'live', since: 1 },
          streams: { 'ticker|BTCUSDT': live, 'mark|BTCUSDT': live },
          tickers: {
            BTCUSDT: tickerView('BTCUSDT', last),
          },
        }),
      );
      await act(flushMarketData);
    };
    const shown = () =>
      ['spot-amount', 'spot-fee', 'spot-total'].map((id) => screen.getByTestId(id).textContent);
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.0001' } });
    // A market buy at 59,999: 5.9999 + 0.0059999 = 6.0058999 adds up shown at 4 decimals only.
    await price('59999');
    expect(shown()).toEqual(['5.9999 USDT', '0.0059 USDT', '6.0058 USDT']);
    // At 60,000 two would do (6.00 + 0.00 = 6.00), but the figures keep their four: 6 + 0.006.
    await price('60000');
    expect(shown()).toEqual(['6.0000 USDT', '0.0060 USDT', '6.0060 USDT']);
    // New input, new start: 0.0002 × 60,000 = 12 + 0.012 → 12.00 + 0.01 = 12.01 at 2.
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.0002' } });
    expect(shown()).toEqual(['12.00 USDT', '0.01 USDT', '12.01 USDT']);
  });

  it('refuses "1.125" in tr-TR (1,125 or 1.125?) with how to type either, and sends nothing', async () => {
    setLanguage('tr-TR');
    renderPanel();
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '3000' } });
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '1.125' } });
    // Read as grouping it was an order for 1,125 BTC: a thousand times the one meant.
    expect(screen.getByTestId('spot-qty-error').textContent).toBe(
      '“1.125” iki türlü okunabilir: ondalık için virgülle (1,125), binlik için noktasız (1125) yazın.',
    );
    expect(screen.getByTestId('spot-submit')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '1,125' } });
    await waitFor(() => expect(screen.getByTestId('spot-submit')).toHaveProperty('disabled', false));
    expect(sent).toHaveLength(0);
  });

  it('with prices not live, says market orders are paused (not "opening", a contract word) and keeps limit orders', async () => {
    renderPanel();
    await screen.findByTestId('empty-state');
    // No live price yet: the pair's feed is not live, so a market order waits.
    expect(screen.getByTestId('spot-stale').textContent).toBe(
      'Prices are not live right now, so market orders are paused until the feed recovers.',
    );
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    expect(screen.queryByTestId('spot-stale')).toBeNull();
  });

  it('starts a limit price at the last trade, as the stock ticket does, in the user’s format', async () => {
    const fake = new FakeMarketData();
    setMarketDataApi(fake);
    setLanguage('tr-TR');
    renderPanel();
    await screen.findByTestId('empty-state');
    const live = { state: 'live' as const, heard: 1, reason: null };
    act(() =>
      fake.push({
        feed: { state: 'live', since: 1 },
        streams: { 'ticker|BTCUSDT': live },
        tickers: { BTCUSDT: tickerView('BTCUSDT', '60123.45') },
      }),
    );
    await act(flushMarketData);
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    // In the user's format, ungrouped: the field reads it back as the same price.
    expect((screen.getByTestId('spot-price') as HTMLInputElement).value).toBe('60123,45');
    // What the user typed is theirs: back to market and limit again keeps it.
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '59000' } });
    fireEvent.click(screen.getByTestId('spot-type-market'));
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    expect((screen.getByTestId('spot-price') as HTMLInputElement).value).toBe('59000');
  });
});
