// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { AiOrderDetails, AiProductInfo } from '../../domain/protocol/ai-products';
import '../../src/i18n/setup';
import AiScreens from '../../src/screens/ai/ai-screens';
import { session, setSession } from '../../src/state/session';
import { API, formOf, ok, page, profile, refuse, renderAt, T0 } from './options-fixtures';
import { SAMPLE_STOCK_COSTS } from '../support/sample-market';
import { screenHooks } from '../support/screen-hooks';

const PRODUCT: AiProductInfo = {
  id: 'mom-5',
  kind: 'momentum',
  weighting: 'equal',
  lookbackDays: 20,
  count: 5,
  rebalanceDays: 7,
  universe: 'XU100',
  currency: 'TRY',
  minAmount: '1000',
  costs: SAMPLE_STOCK_COSTS,
  marketOpen: true,
  lastRebalanceAt: null,
  performance: {
    since: T0,
    paidIn: '12000',
    paidOut: '0',
    value: '12047.74',
    return: '0.003978',
    maxDrawdown: '0.001108',
    rebalances: 1,
    orders: 1,
  },
  backtest: {
    days: 2,
    points: [
      { t: T0 - 86_400_000, value: '0.99', index: '1.1' },
      { t: T0, value: '0.9702', index: '1' },
    ],
    return: '-0.0298',
    indexReturn: '0',
    rebalances: 2,
  },
};
const ORDER: AiOrderDetails = {
  id: '41',
  productId: 'mom-5',
  kind: 'momentum',
  status: 'open',
  paidIn: '12000',
  paidOut: '0',
  cash: '46.74',
  value: '12047.74',
  pnl: '47.74',
  pnlRatio: '0.003978',
  costs: '21.16',
  redeemCosts: '9.65',
  redeemNet: '12038.09',
  rebalances: 1,
  holdings: [{ symbol: 'BBB', name: 'Beta', qty: '273', price: '22', value: '6006', weight: '0.4985' }],
  openedAt: T0,
  lastRebalanceAt: T0,
  closedAt: null,
  fills: [
    {
      symbol: 'BBB',
      side: 'buy',
      qty: '273',
      price: '22',
      amount: '6006',
      costs: '7.99',
      reason: 'buy',
      t: T0,
    },
  ],
};

let sent: Record<string, string>[] = [];
let buyRefusal: string | null = null;
const server = setupServer(
  http.post(`${API}/user/info`, () => ok(profile())),
  http.post(`${API}/user/assets`, () =>
    ok({
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: '5000', frozen: '0', locked: '0', total: '5000' },
      ],
    }),
  ),
  http.post(`${API}/stock/ai/list`, () => ok(page([PRODUCT]))),
  http.post(`${API}/stock/ai/info`, () => ok(PRODUCT)),
  http.post(`${API}/stock/ai/stocks`, () =>
    ok({
      id: 'mom-5',
      asOf: T0,
      list: [{ symbol: 'BBB', name: 'Beta', weight: '0.5', score: '0.05', price: '22' }],
    }),
  ),
  http.post(`${API}/stock/ai/order/list`, () => ok(page([ORDER]))),
  http.post(`${API}/stock/ai/order/details`, () => ok(ORDER)),
  http.post(`${API}/stock/ai/order/add/amount`, async ({ request }) => {
    sent.push(await formOf(request));
    return ok({ ...ORDER, paidIn: '13000' });
  }),
  http.post(`${API}/stock/ai/buy`, async ({ request }) => {
    const body = await formOf(request);
    sent.push(body);
    if (buyRefusal) return refuse(buyRefusal, 'İşlem şifresi hatalı.');
    return ok(
      body.action === 'redeem' ? { ...ORDER, status: 'redeemed', paidOut: '12409.86', value: '0' } : ORDER,
    );
  }),
);

screenHooks(server, {
  reset: () => {
    sent = [];
    buyRefusal = null;
  },
});

async function confirmWith(pin: string) {
  const sheet = await screen.findByTestId('ai-confirm');
  fireEvent.change(within(sheet).getByTestId('ai-confirm-password'), { target: { value: pin } });
  fireEvent.click(within(sheet).getByTestId('ai-confirm-submit'));
}

describe('AI product screens', () => {
  it('shows the measured figures and the backtest as past results, in Turkish', async () => {
    renderAt('/pages/ai/detail?id=mom-5', AiScreens);
    expect(await screen.findByTestId('ai-detail-title')).toHaveProperty('textContent', 'Momentum 5');
    expect(screen.getByTestId('ai-perf-return').textContent).toBe('+%0,39');
    expect(screen.getByTestId('ai-backtest-return').textContent).toBe('-%2,98');
    expect(screen.getByTestId('ai-risk').textContent).toMatch(
      /Geçmiş sonuçlar gelecekteki sonuçların göstergesi değildir/,
    );
    await screen.findByTestId('ai-basket-BBB');
  });

  it('checks the amount as the server does, then buys with the canonical amount and the trade password', async () => {
    renderAt('/pages/ai/order?id=mom-5', AiScreens);
    const input = await screen.findByTestId('ai-amount-input');
    fireEvent.change(input, { target: { value: '999,99' } });
    fireEvent.click(screen.getByTestId('ai-submit'));
    expect(await screen.findByText('En düşük tutar ₺1.000,00.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '5.000,01' } });
    fireEvent.click(screen.getByTestId('ai-submit'));
    expect(await screen.findByText('Kullanılabilir bakiyenizden (₺5.000,00) fazla.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: '1.500,50' } });
    // 1500.50 at 0.15 % → 2.25 (2.25075), BSMV 0.11 (0.1125), fee 0.05 (0.045015): 2.41.
    expect(screen.getByTestId('ai-costs-estimate').textContent).toBe('≈\u00a0₺2,41');
    fireEvent.click(screen.getByTestId('ai-submit'));
    await confirmWith('246810');
    await screen.findByTestId('ai-done');
    // The form and its button are gone: the result's title takes focus (in an effect), so a screen reader reads it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Emir alındı'));
    expect(sent).toEqual([
      {
        action: 'buy',
        id: 'mom-5',
        amount: '1500.5',
        tradePassword: '246810',
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it("keeps the sheet open on a wrong trade password, with the server's words", async () => {
    buyRefusal = 'TRADE_PASSWORD_INCORRECT';
    renderAt('/pages/ai/order?id=mom-5', AiScreens);
    fireEvent.change(await screen.findByTestId('ai-amount-input'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('ai-submit'));
    await confirmWith('000000');
    const sheet = screen.getByTestId('ai-confirm');
    await waitFor(() => expect(within(sheet).getByTestId('ai-confirm-error').textContent).not.toBe(''));
    expect(screen.queryByTestId('ai-done')).toBeNull();
  });

  it("keeps the form and the server's words when it refuses the buy, re-reading what it showed behind them", async () => {
    const closed = 'Borsa İstanbul kapalı: yapay zekâ ürün emirleri yalnızca seans saatlerinde işlem görür.';
    let reads = 0;
    server.use(
      http.post(`${API}/stock/ai/info`, () => {
        reads += 1;
        return ok(PRODUCT);
      }),
      http.post(`${API}/stock/ai/buy`, () => refuse('AI_MARKET_CLOSED', closed)),
    );
    renderAt('/pages/ai/order?id=mom-5', AiScreens);
    fireEvent.change(await screen.findByTestId('ai-amount-input'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('ai-submit'));
    await confirmWith('246810');
    await waitFor(() => expect(reads).toBe(2));
    expect((await screen.findByTestId('ai-error')).textContent).toBe(closed);
    // Kept exactly as typed behind the refusal.
    expect(screen.getByTestId('ai-amount-input')).toHaveProperty('value', '1000');
    expect(screen.queryByTestId('ai-confirm')).toBeNull();
  });

  it("offers more products and orders under a button that says so, not under the list's title", async () => {
    server.use(
      http.post(`${API}/stock/ai/list`, () => ok({ ...page([PRODUCT]), total: 2 })),
      http.post(`${API}/stock/ai/order/list`, () => ok({ ...page([ORDER]), total: 2 })),
    );
    const list = renderAt('/pages/ai/list', AiScreens);
    expect((await screen.findByTestId('load-more')).textContent).toBe('Daha fazla yükle');
    list.unmount();
    renderAt('/pages/ai/mine', AiScreens);
    expect((await screen.findByTestId('load-more')).textContent).toBe('Daha fazla yükle');
  });

  it('lists my orders with value, P&L and holdings, and redeems with the trade password', async () => {
    renderAt('/pages/ai/mine', AiScreens);
    expect((await screen.findByTestId('ai-order-value-41')).textContent).toBe('₺12.047,74');
    expect(screen.getByTestId('ai-order-pnl-41').textContent).toBe('₺47,74 (+%0,39)');
    expect(screen.getByTestId('ai-order-41').textContent).toMatch(/BBB/);
    // Under its product's name, as the list calls it ("Momentum · #41" named only the rule).
    await waitFor(() =>
      expect(screen.getByTestId('ai-order-41').querySelector('.ai-card__title')?.textContent).toBe(
        'Momentum 5 · #41',
      ),
    );
    fireEvent.click(screen.getByTestId('ai-fills-toggle-41'));
    expect((await screen.findByTestId('ai-fills-41')).textContent).toMatch(
      /BBB.*Alış.*Alındı 273 × 22,00masraf ₺7,99/,
    );
    fireEvent.click(screen.getByTestId('ai-redeem-41'));
    const sheet = await screen.findByTestId('ai-redeem-confirm');
    // The sales' costs and the net, as the broker estimates them, before the password.
    expect(within(sheet).getByTestId('ai-redeem-costs-41').textContent).toBe('≈\u00a0₺9,65');
    expect(within(sheet).getByTestId('ai-redeem-net-41').textContent).toBe('≈\u00a0₺12.038,09');
    fireEvent.change(within(sheet).getByTestId('ai-redeem-confirm-password'), {
      target: { value: '246810' },
    });
    fireEvent.click(within(sheet).getByTestId('ai-redeem-confirm-submit'));
    expect((await screen.findByTestId('ai-mine-message')).textContent).toBe(
      '#41 numaralı emir bozduruldu: ₺12.409,86 hisse hesabınıza döndü.',
    );
    expect(sent).toEqual([{ action: 'redeem', orderId: '41', tradePassword: '246810' }]);
  });

  it('adds an amount to an open order of the same product', async () => {
    renderAt('/pages/ai/order?order=41', AiScreens);
    expect((await screen.findByTestId('ai-order-title')).textContent).toBe('#41 numaralı emre ekle');
    fireEvent.change(screen.getByTestId('ai-amount-input'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('ai-submit'));
    await confirmWith('246810');
    await screen.findByTestId('ai-done');
    expect(sent).toEqual([
      {
        id: '41',
        amount: '1000',
        tradePassword: '246810',
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('on the demo account, says the product is bought with the real account and offers the switch', async () => {
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'demo');
    renderAt('/pages/ai/order?id=mom-5', AiScreens);
    expect((await screen.findByTestId('ai-demo')).textContent).toContain('gerçek hesabınıza');
    expect(screen.getByTestId('ai-submit')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('ai-switch-real'));
    expect(session.userAccountType).toBe('real');
    expect(session.userToken).toBe('tok');
  });

  it('opened without a product, the order screen offers a chooser', async () => {
    renderAt('/pages/ai/order', AiScreens);
    expect(await screen.findByTestId('ai-product-mom-5')).toBeTruthy();
  });
});
