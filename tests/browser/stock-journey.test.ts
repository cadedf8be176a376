import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPhone, signInAs } from '../support/browser-session';
import { screen, screenshot } from '../support/browser';

const base = inject('baseURL');
const API = `${base}/ipxtrg-api`;
/** A T+1 (gross settlement) stock of the catalogue: bought shares stay locked until the next trading day. */
const SYMBOL = 'KONTR';

/** The ticket opens on the stock switch. */
const STOCK = { systemTradeType: 'stock' };

type Envelope = { code: number; key?: string; msg: string; data: Record<string, unknown> };

async function api(token: string, path: string, init: RequestInit = {}): Promise<Envelope> {
  const headers = { accesstoken: token, 'Accept-Language': 'en-US', ...(init.headers ?? {}) };
  return (await (await fetch(`${API}${path}`, { ...init, headers })).json()) as Envelope;
}

/** Nothing on screen still loading, and no NaN/undefined anywhere in it. */
async function settled(page: Page, route: string): Promise<void> {
  await screen(page, route);
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 15_000,
  });
  const text = await page.locator(`[data-screen="${route}"]`).innerText();
  expect(text, route).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]/);
}

/** Opens the stock ticket and waits for its figures (price, cash) and a live feed. */
async function openTicket(page: Page, side: 'buy' | 'sell'): Promise<void> {
  await page.goto(`${base}/pages/tabbar/trade?symbol=${SYMBOL}&side=${side}`);
  await settled(page, '/pages/tabbar/trade');
  await page.getByTestId('stock-ticket').waitFor();
  await page.getByTestId('ticket-cash').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="ticket-feed"]')?.getAttribute('data-state') === 'live',
    undefined,
    { timeout: 20_000 },
  );
}

describe('stock trading journey in Chromium', () => {
  const me = signedInPhone({
    fund: ['100000', '--reason', 'stock journey', '--wallet', 'stock', '--currency', 'TRY'],
  });

  it('market buy of a T+1 stock → live position → sell refused while locked → limit rests and is cancelled → funds detail', async () => {
    const { page } = me.phone;
    await signInAs(page, base, me.user, 'tr-TR', STOCK);

    // Market buy of 10 shares: the ticket previews the costs, the sheet confirms them, the result says filled.
    await openTicket(page, 'buy');
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('10');
    await page.getByTestId('cost-total').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByTestId('ticket-t1').isVisible()).toBe(true);
    await screenshot(page, 'stock-ticket-market-tr-TR');
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('confirm-sheet').waitFor();
    expect(await page.getByTestId('confirm-sheet').getByTestId('cost-commission').innerText()).toMatch(/\d/);
    await screenshot(page, 'stock-confirm-tr-TR');
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet').waitFor();
    const outcome = await page.locator('[data-outcome]').getAttribute('data-outcome');
    expect(['filled', 'partial']).toContain(outcome);
    await screenshot(page, 'stock-result-tr-TR');
    await page.getByTestId('result-sheet-done').click();
    // The ticket is emptied: one more tap cannot place the same order again.
    expect(await page.getByTestId('ticket-qty').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);

    const holdings = await api(me.user.userToken, '/stock/hold/list?tab=ordinary');
    const held = (holdings.data.list as { symbol: string; quantity: string; locked: string }[]).find(
      (h) => h.symbol === SYMBOL,
    );
    expect(held?.quantity).toBe('10');
    expect(held?.locked).toBe('10');

    // The position appears, locked T+1, with P&L valued from the live feed.
    await page.goto(`${base}/pages/tabbar/position`);
    await settled(page, '/pages/tabbar/position');
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.waitFor();
    expect(await row.getByTestId('holding-qty').innerText()).toBe('10');
    expect(await row.getByTestId('holding-sellable').innerText()).toBe('0');
    expect(await row.getByTestId('holding-locked').innerText()).toBe('10');
    expect(await row.getByTestId('holding-unlock').isVisible()).toBe(true);
    const firstPrice = await row.getByTestId('holding-price').getAttribute('data-value');
    await page.waitForFunction(
      ({ symbol, price }) =>
        document
          .querySelector(`[data-testid="holding-row"][data-symbol="${symbol}"] [data-testid="holding-price"]`)
          ?.getAttribute('data-value') !== price,
      { symbol: SYMBOL, price: firstPrice },
      { timeout: 30_000 },
    );
    const pnl = await row.getByTestId('holding-pnl').getAttribute('data-value');
    expect(pnl).toMatch(/^-?\d+(\.\d+)?$/);
    await screenshot(page, 'stock-position-ordinary-tr-TR');
    await page.getByTestId('position-tab-locked').click();
    await page.locator(`[data-testid="holdings-locked"] [data-symbol="${SYMBOL}"]`).waitFor();
    await screenshot(page, 'stock-position-locked-tr-TR');

    // Selling is refused while the shares are T+1-locked: the ticket says why, and so does the server.
    await openTicket(page, 'sell');
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('10');
    const refusal = page.getByTestId('ticket-error');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-key')).toBe('T1_LOCKED');
    expect(await refusal.innerText()).toContain('T+1');
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    await screenshot(page, 'stock-sell-locked-tr-TR');
    const sell = await api(me.user.userToken, '/stock/order/sell', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ symbol: SYMBOL, type: 'market', quantity: '10' }).toString(),
    });
    expect(sell.key).toBe('T1_LOCKED');

    // A limit buy at today's lower limit, far below the market: it rests, then is cancelled.
    const info = await api(me.user.userToken, `/stock/index/info?symbol=${SYMBOL}`);
    const lower = String(info.data.lowerLimit);
    await openTicket(page, 'buy');
    await page.getByTestId('ticket-price').fill(lower.replace('.', ','));
    await page.getByTestId('ticket-qty').fill('1');
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet-resting').waitFor();
    await screenshot(page, 'stock-result-resting-tr-TR');
    await page.getByTestId('result-orders').click();
    await settled(page, '/pages/stock/order');
    const open = page.getByTestId('orders-open').getByTestId('order-row');
    expect(await open.count()).toBe(1);
    await screenshot(page, 'stock-orders-open-tr-TR');
    await open.first().getByTestId('order-cancel').click();
    await page.getByTestId('modal-confirm').click();
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('orders-tab-history').click();
    await page.locator('[data-testid="orders-history"] [data-status="cancelled"]').waitFor();
    await screenshot(page, 'stock-orders-history-tr-TR');

    // Funds detail reads like a statement: one line per movement of the stock account, an order's
    // hold and its release included, each with the balance after it.
    const records = await api(me.user.userToken, '/user/tx/record?wallet=stock&size=100');
    const list = records.data.list as { transactionId: string; reason: string }[];
    const movements = new Set(list.map((r) => r.transactionId)).size;
    expect(movements).toBeGreaterThanOrEqual(2);
    await page.goto(`${base}/pages/fundsDetail/stockFundsDetail`);
    await settled(page, '/pages/fundsDetail/stockFundsDetail');
    while (await page.getByText('Daha fazla').isVisible()) await page.getByText('Daha fazla').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="tx-line"]').length === n,
      movements,
    );
    const reasons = await page
      .locator('[data-testid="tx-line"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reason')));
    for (const reason of ['sandbox_funding', 'fill', 'order_freeze', 'order_release'])
      expect(reasons).toContain(reason);
    // The newest line, the cancelled buy's release, shows the TRY the account holds now.
    const released = list.find((r) => r.reason === 'order_release') as unknown as {
      balance: { total: string };
    };
    const shown = await page.getByTestId('tx-balance').first().innerText();
    const [whole, fraction = ''] = released.balance.total.split('.');
    expect(shown.replace(/\D/g, '')).toBe(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
    // The buy: one debit of its whole cost in TRY, with the lots bought, and no internal ids.
    const buy = page.locator('[data-testid="tx-line"][data-reason="fill"]').last();
    expect(await buy.innerText()).toContain(`Alış ${SYMBOL}`);
    expect(await buy.getByTestId('tx-qty').innerText()).toMatch(/10/);
    expect(Number(await buy.getAttribute('data-amount'))).toBeLessThan(0);
    expect(await page.locator('[data-screen="/pages/fundsDetail/stockFundsDetail"]').innerText()).not.toMatch(
      /Operatör|fund-/,
    );
    await screenshot(page, 'stock-funds-detail-tr-TR');
  });

  it('an order whose answer was lost, confirmed again after a reload, is placed once', async () => {
    // "Could not be reached": the user reloads to see what happened and confirms the
    // same order again; the new page had a new client order id, and the broker two orders.
    const { page } = me.phone;
    await signInAs(page, base, me.user, 'tr-TR', STOCK);
    const openOrders = async () =>
      (
        (await api(me.user.userToken, `/stock/order/list?status=open&symbol=${SYMBOL}`)).data
          .list as unknown[]
      ).length;
    const before = await openOrders();
    const lower = String(
      (await api(me.user.userToken, `/stock/index/info?symbol=${SYMBOL}`)).data.lowerLimit,
    );
    const sent: string[] = [];
    // The first order reaches the broker; its answer never reaches the phone.
    await page.route('**/stock/order/buy', async (route) => {
      sent.push(new URLSearchParams(route.request().postData() ?? '').get('clientOrderId') ?? '');
      if (sent.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const confirmLimitBuy = async () => {
      await openTicket(page, 'buy');
      await page.getByTestId('ticket-price').fill(lower.replace('.', ','));
      await page.getByTestId('ticket-qty').fill('1');
      await page.getByTestId('ticket-submit').click();
      await page.getByTestId('confirm-sheet-submit').click();
    };
    try {
      await confirmLimitBuy();
      await page.getByTestId('confirm-sheet-error').waitFor();
      expect(await openOrders()).toBe(before + 1);
      await page.reload();
      await confirmLimitBuy();
      await page.getByTestId('result-sheet-resting').waitFor();
    } finally {
      await page.unroute('**/stock/order/buy');
    }
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(await openOrders()).toBe(before + 1);
    // Put back: the order rests far below the market.
    const list = (await api(me.user.userToken, `/stock/order/list?status=open&symbol=${SYMBOL}`)).data
      .list as {
      id: string;
    }[];
    for (const { id } of list)
      expect((await api(me.user.userToken, `/stock/order/cancel?id=${id}`)).code).toBe(0);
  });

  it.each(['tr-TR', 'en-US'] as const)('every stock screen renders in %s', async (lang) => {
    const { page } = me.phone;
    await signInAs(page, base, me.user, lang, STOCK);
    const routes = [
      '/pages/tabbar/trade',
      '/pages/tabbar/position',
      '/pages/stock/order',
      '/pages/stock/income',
      '/pages/fundsDetail/index',
      '/pages/fundsDetail/stockFundsDetail',
    ];
    for (const route of routes) {
      const query = route === '/pages/tabbar/trade' ? `?symbol=${SYMBOL}&side=buy` : '';
      await page.goto(`${base}${route}${query}`);
      await settled(page, route);
      await screenshot(page, `stock${route.replaceAll('/', '-')}-${lang}`);
    }
    await page.goto(`${base}/pages/tabbar/position`);
    await settled(page, '/pages/tabbar/position');
    await page.getByTestId('position-tab-ipo').click();
    await page.getByTestId('empty-state').waitFor();
    await screenshot(page, `stock-position-ipo-${lang}`);
    await page.goto(`${base}/pages/tabbar/trade?symbol=${SYMBOL}`);
    await settled(page, '/pages/tabbar/trade');
    await page.getByTestId('ticket-symbol').click();
    await page.getByTestId('symbol-search').fill('garan');
    await page.getByTestId('pick-GARAN').waitFor();
    await screenshot(page, `stock-symbol-picker-${lang}`);
    await page.getByTestId('pick-GARAN').click();
    await page.waitForURL((url) => url.searchParams.get('symbol') === 'GARAN');
    await page.getByTestId('ticket-cash').waitFor();
    expect(await page.getByTestId('ticket-symbol').innerText()).toContain('GARAN');
    await page.goto(`${base}/pages/stock/income`);
    await settled(page, '/pages/stock/income');
    await page.getByTestId('income-all').click();
    await settled(page, '/pages/stock/income');
    await screenshot(page, `stock-income-all-${lang}`);
  });
});
