// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketPatch } from '../../domain/market-data/contract';
import type { ConditionalOrder } from '../../domain/protocol/conditional';
import '../../src/i18n/setup';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import ConditionalScreen from '../../src/screens/conditional/conditional-screen';
import { hideToast, toast } from '../../src/services/toast';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { FakeMarketData } from '../support/fake-market-data';
import { API, ok, renderAt } from './ipo-fixtures';

/**
 * The conditional list follows its legs on the private `orders` channel: a leg refused at its
 * trigger shows "refused" and why (with the day's band in the reader's notation) at once, even
 * while the list's own re-read still answers the old state, and a toast says so; a fire too.
 */
const waiting: ConditionalOrder = {
  id: '41',
  groupId: '41',
  wallet: 'stock',
  symbol: 'THYAO',
  kind: 'stop_limit',
  side: 'buy',
  quantity: '10',
  trigger: '105',
  limit: '106',
  trailBy: null,
  trailValue: null,
  best: null,
  frozen: '1061.7',
  state: 'pending',
  reason: null,
  reasonParams: null,
  fired: null,
  placedOrderId: null,
  expiresAt: null,
  createdAt: 1_795_000_000_000,
  updatedAt: 1_795_000_000_000,
};
const refused: ConditionalOrder = {
  ...waiting,
  state: 'refused',
  frozen: '0',
  reason: 'PRICE_OUTSIDE_BAND',
  reasonParams: { lower: '64.00', upper: '96.00' },
  fired: { price: '105', t: 1_795_000_060_000, tradeId: 'T9' },
  updatedAt: 1_795_000_060_000,
};

let reads = 0;
const server = setupServer(
  // The list's re-read lags behind the event: it still answers the leg as waiting.
  http.post(`${API}/stock/order/conditional/list`, () => {
    reads += 1;
    return ok({ list: [waiting], total: 1, page: 1, size: 20 });
  }),
);

let fake: FakeMarketData;
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  fake = new FakeMarketData();
  setMarketDataApi(fake);
  reads = 0;
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  cleanup();
  resetClientState();
});
afterAll(() => server.close());

async function deliver(patch: MarketPatch): Promise<void> {
  fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

describe('the conditional list on the orders channel', () => {
  it.each([
    [
      'en-US',
      'Refused when fired',
      "The price must be within today's limits (64.00 – 96.00).",
      "Stop-limit buy 10 THYAO triggered at 105.00, order refused: The price must be within today's limits (64.00 – 96.00).",
    ],
    [
      'tr-TR',
      'Tetiklenince reddedildi',
      'Fiyat bugünkü taban ve tavan arasında olmalıdır (64,00 – 96,00).',
      'Stop-limit alış 10 THYAO 105,00 fiyatında tetiklendi, emir reddedildi: Fiyat bugünkü taban ve tavan arasında olmalıdır (64,00 – 96,00).',
    ],
  ] as const)(
    'in %s shows a refused leg and its reason at once, with a toast',
    async (lang, state, reason, said) => {
      setLanguage(lang);
      renderAt('/pages/stock/conditional', ConditionalScreen);
      const row = await screen.findByTestId('conditional-row');
      expect(row.dataset.state).toBe('pending');
      const before = reads;

      await deliver({ events: [{ ch: 'orders', data: { kind: 'conditional', order: refused } }] });
      expect(row.dataset.state).toBe('refused');
      expect(within(row).getByTestId('conditional-state').textContent).toBe(state);
      expect(within(row).getByTestId('conditional-reason').textContent).toContain(reason);
      expect(within(row).queryByTestId('conditional-cancel')).toBeNull();
      expect(toast.text).toBe(said);
      // The list is read again, and the stale answer does not put the leg back to waiting.
      await waitFor(() => expect(reads).toBeGreaterThan(before));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.getByTestId('conditional-row').dataset.state).toBe('refused');
    },
  );

  it('says a fired leg placed its order; an event of another kind or a spot order changes no row', async () => {
    setLanguage('en-US');
    renderAt('/pages/stock/conditional', ConditionalScreen);
    const row = await screen.findByTestId('conditional-row');
    await deliver({
      events: [{ ch: 'orders', data: { kind: 'order', order: { id: '41', status: 'closed' } } }],
    });
    expect(row.dataset.state).toBe('pending');
    const fired: ConditionalOrder = {
      ...refused,
      state: 'fired',
      reason: null,
      reasonParams: null,
      placedOrderId: '77',
    };
    await deliver({ events: [{ ch: 'orders', data: { kind: 'conditional', order: fired } }] });
    expect(row.dataset.state).toBe('fired');
    expect(within(row).getByText('Placed order #77')).toBeTruthy();
    expect(toast.text).toBe('Stop-limit buy 10 THYAO triggered at 105.00: order placed');
  });

  it('says a leg that fires after the list was left, on whatever screen the user is then', async () => {
    setLanguage('en-US');
    renderAt('/pages/stock/conditional', ConditionalScreen);
    await screen.findByTestId('conditional-row');
    cleanup();
    hideToast();
    const fired: ConditionalOrder = { ...refused, state: 'fired', reason: null, reasonParams: null };
    await deliver({ events: [{ ch: 'orders', data: { kind: 'conditional', order: fired } }] });
    expect(toast.text).toBe('Stop-limit buy 10 THYAO triggered at 105.00: order placed');
  });
});
