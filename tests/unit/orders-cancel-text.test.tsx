// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import OrdersScreen from '../../src/screens/trade/orders-screen';
import { modal, settleModal } from '../../src/services/modal';
import { setLanguage } from '../../src/state/prefs';
import { toast } from '../../src/services/toast';
import { clearUserInfo, setSession } from '../../src/state/session';
import { FakeMarketData } from '../support/fake-market-data';
import { renderAt } from './options-fixtures';

/**
 * Cancelling a limit SELL once said "the blocked amount is released", but a sell
 * holds shares, not money. The confirmation now says what the cancel gives back, by side.
 */
const API = `${location.origin}/ipxtrg-api`;
const order = (id: string, side: SpotOrder['side']): SpotOrder => ({
  id,
  clientOrderId: null,
  wallet: 'stock',
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  side,
  type: 'limit',
  timeInForce: 'day',
  price: '320.00',
  quantity: '10',
  filledQty: '0',
  avgPrice: null,
  filledAmount: '0',
  fees: '0',
  frozen: side === 'buy' ? '3203.52' : '10',
  realizedPnl: '0',
  status: 'open',
  statusReason: null,
  createdAt: Date.UTC(2026, 10, 20, 9, 0),
  updatedAt: Date.UTC(2026, 10, 20, 9, 0),
});

let open: SpotOrder[] = [];
/** Open orders the broker holds beyond the first page it answers. */
let beyond = 0;
let cancelled: string[] = [];
/** The named ids the broker says had finished before the cancel-all. */
let gone: string[] = [];
const server = setupServer(
  http.get(`${API}/stock/order/list`, () =>
    HttpResponse.json({
      code: 0,
      msg: '',
      data: { list: open, total: open.length + beyond, page: 1, size: 20 },
    }),
  ),
  http.get(`${API}/stock/order/cancel`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    cancelled.push(query.get('id') ?? `all:${query.get('ids')}`);
    return HttpResponse.json({ code: 0, msg: '', data: { cancelled: [], gone } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setMarketDataApi(new FakeMarketData());
  open = [];
  cancelled = [];
  gone = [];
  beyond = 0;
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } }, 'real');
});
afterEach(() => {
  settleModal(false);
  cleanup();
  server.resetHandlers();
  clearUserInfo();
  localStorage.clear();
  setLanguage('tr-TR');
});
afterAll(() => server.close());

/** Taps "İptal" on the only open order and reads the confirmation it asks. */
async function askToCancel(): Promise<string> {
  renderAt('/pages/stock/order', OrdersScreen);
  fireEvent.click(await screen.findByTestId('order-cancel'));
  await waitFor(() => expect(modal.current).not.toBeNull());
  return modal.current?.text ?? '';
}

describe('stock order cancel confirmation', () => {
  it.each([
    ['tr-TR', 'sell', 'THYAO satış emri iptal edilsin mi? Emir için bloke edilen hisseler serbest kalır.'],
    ['tr-TR', 'buy', 'THYAO alış emri iptal edilsin mi? Emir için bloke edilen tutar serbest kalır.'],
    ['en-US', 'sell', 'Cancel this sell order for THYAO? The shares held for it are released.'],
    ['en-US', 'buy', 'Cancel this buy order for THYAO? The funds held for it are released.'],
  ] as const)('in %s, a limit %s says what the cancel releases', async (lang, side, text) => {
    setLanguage(lang);
    open = [order('41', side)];
    const asked = await askToCancel();
    expect(asked).toBe(text);
    if (side === 'sell') expect(asked).not.toMatch(/tutar|funds/);
    settleModal(true);
    await waitFor(() => expect(cancelled).toEqual(['41']));
  });

  it.each([
    [
      'tr-TR',
      0,
      'Açık 3 emrin tümü (THYAO ×2, GARAN) iptal edilsin mi? Alış emirlerinin bloke tutarı ve satış emirlerinin bloke hisseleri serbest kalır.',
    ],
    [
      'en-US',
      0,
      'Cancel all 3 open orders (THYAO ×2, GARAN)? Funds held for buys and shares held for sells are released.',
    ],
    [
      'en-US',
      25,
      'Cancel the newest 3 of your 28 open orders (THYAO ×2, GARAN)? The others stay open. Funds held for buys and shares held for sells are released.',
    ],
    [
      'tr-TR',
      25,
      'Açık 28 emrinizin en yeni 3 tanesi (THYAO ×2, GARAN) iptal edilsin mi? Diğerleri açık kalır. Alış emirlerinin bloke tutarı ve satış emirlerinin bloke hisseleri serbest kalır.',
    ],
  ] as const)(
    'in %s, cancel all names the count and the symbols it touches, and sends only those (%i beyond what it read)',
    async (lang, more, text) => {
      setLanguage(lang);
      open = [order('41', 'sell'), { ...order('42', 'buy'), symbol: 'GARAN' }, order('43', 'buy')];
      beyond = more;
      renderAt('/pages/stock/order', OrdersScreen);
      fireEvent.click(await screen.findByTestId('orders-cancel-all'));
      await waitFor(() => expect(modal.current).not.toBeNull());
      expect(modal.current?.text).toBe(text);
      // Placed from another device while the question is open: not named, so not sent.
      open = [...open, { ...order('44', 'buy'), symbol: 'AKBNK' }];
      settleModal(true);
      await waitFor(() => expect(cancelled).toEqual(['all:41,42,43']));
    },
  );

  it.each([
    ['en-US', 'Canceled. 1 had already been filled or canceled.'],
    ['tr-TR', 'İptal edildi. 1 emir bu arada gerçekleşmiş ya da iptal edilmişti.'],
  ] as const)('in %s, cancel all says which named orders were already gone', async (lang, text) => {
    setLanguage(lang);
    open = [order('41', 'sell'), order('42', 'buy')];
    gone = ['42'];
    renderAt('/pages/stock/order', OrdersScreen);
    fireEvent.click(await screen.findByTestId('orders-cancel-all'));
    await waitFor(() => expect(modal.current).not.toBeNull());
    settleModal(true);
    await waitFor(() => expect(toast.text).toBe(text));
  });

  it('cancel all of one order says so in the singular', async () => {
    setLanguage('en-US');
    open = [order('41', 'sell')];
    renderAt('/pages/stock/order', OrdersScreen);
    fireEvent.click(await screen.findByTestId('orders-cancel-all'));
    await waitFor(() => expect(modal.current).not.toBeNull());
    expect(modal.current?.text).toBe(
      'Cancel your one open order (THYAO)? Funds held for a buy or shares held for a sell are released.',
    );
  });

  it.each([
    ['tr-TR', '0 / 10 adet'],
    ['en-US', '0 / 10 shares'],
  ] as const)(
    'in %s, an order row names its quantity as the ticket does (%s, not lots)',
    async (lang, text) => {
      setLanguage(lang);
      open = [order('41', 'sell')];
      renderAt('/pages/stock/order', OrdersScreen);
      expect((await screen.findByTestId('order-filled')).textContent).toBe(text);
    },
  );

  it.each([
    ['tr-TR', '₺3.203,52', '10 adet'],
    ['en-US', '₺3,203.52', '10 shares'],
  ] as const)(
    'in %s, a working order says what it holds: lira for a buy, shares for a sell',
    async (lang, cash, shares) => {
      setLanguage(lang);
      // Its only money figure was "Masraf ₺0,00": nothing said 3.203,52 lira were set aside for it.
      open = [
        order('41', 'buy'),
        order('42', 'sell'),
        { ...order('43', 'buy'), status: 'closed', frozen: '0' },
      ];
      renderAt('/pages/stock/order', OrdersScreen);
      await screen.findAllByTestId('order-row');
      const held = (id: string) =>
        document.querySelector(`[data-order-id="${id}"] [data-testid="order-held"]`)?.textContent;
      expect(held('41')).toBe(cash);
      expect(held('42')).toBe(shares);
      expect(held('43')).toBeUndefined();
    },
  );
});
