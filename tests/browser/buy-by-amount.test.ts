import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { trader, type Trader } from '../server/spot-support';

/**
 * "₺5.000'lik al" against the real broker: the ticket computes the whole lots that amount buys
 * with their costs, the confirmation shows the lots, the costs and the cash left, the order fills
 * those lots and the cash moves by exactly the total shown. The broker runs here on a book the
 * test holds still (a scripted source), so the fill's prices are the ones the ticket computed
 * with; the suite's simulator moves its book every 100 ms.
 */
// The suite's own build (CLIENT_DIR lets two checkouts build beside each other).
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

type Envelope = { code: number; key?: string; data: Record<string, unknown> };

describe('buy by amount in Chromium', () => {
  let phone: Phone;
  let server: TestServer;
  let source: ScriptedSource;
  let user: Trader;

  const api = async (p: string, method = 'GET'): Promise<Envelope> =>
    (await (await fetch(server.api(p), { method, headers: { accesstoken: user.token } })).json()) as Envelope;
  const cash = async () => String((await api('/stock/hold/info?symbol=THYAO')).data.cashAvailable);

  beforeAll(async () => {
    source = scriptedSource([
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
    ]);
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
    // Asks 100.10 ×50, 100.20 ×100, 100.50 ×1000; bids below 100.
    source.setBook(
      'THYAO',
      1,
      [
        ['99.90', '50'],
        ['99.80', '100'],
      ],
      [
        ['100.10', '50'],
        ['100.20', '100'],
        ['100.50', '1000'],
      ],
    );
    source.setBook('BTCUSDT', 1, [['49990.00', '1']], [['50010.00', '1']]);
    server = await startServer('pglite', { source, clientDir: CLIENT_DIR });
    user = await trader(server.database.db, { TRY: '100000', USDT: '1000' });
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
    await server?.close();
  });

  const signIn = (page: Page, lang: string, tradeType: 'stock' | 'coin' = 'stock') =>
    signInAs(page, server.url, { userToken: user.token }, lang, { systemTradeType: tradeType });

  async function openTicket(page: Page): Promise<void> {
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('stock-ticket').waitFor();
    await page.getByTestId('ticket-cash').waitFor();
  }

  it('₺5.000 at the 100,10 limit: 49 lots, costs and the cash left shown, filled, the cash moved by the total', async () => {
    const { page } = phone;
    await signIn(page, 'tr-TR');
    await openTicket(page);
    await page.getByTestId('ticket-price').fill('100,10');
    await page.getByTestId('size-mode-amount').click();
    await page.getByTestId('by-amount').fill('5000');
    // 49 × 100.10 = 4904.90 (50 would be 5005); commission 7.36, BSMV 0.37, exchange fee 0.15.
    await page.getByTestId('by-amount-qty').filter({ hasText: '49 adet' }).waitFor();
    expect(await page.getByTestId('by-amount').inputValue()).toBe('5000');
    expect(await page.getByTestId('cost-total').innerText()).toBe('₺4.912,78');
    expect(await page.getByTestId('by-amount-leftover').innerText()).toBe('₺87,22');
    await screenshot(page, 'buy-by-amount-ticket-tr-TR');

    const before = await cash();
    await page.getByTestId('ticket-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain('49');
    expect(await sheet.getByTestId('cost-commission').innerText()).toBe('₺7,36');
    expect(await sheet.getByTestId('cost-bsmv').innerText()).toBe('₺0,37');
    expect(await sheet.getByTestId('cost-exchange-fee').innerText()).toBe('₺0,15');
    expect(await sheet.getByTestId('cost-total').innerText()).toBe('₺4.912,78');
    expect(await sheet.getByTestId('by-amount-leftover').innerText()).toBe('₺87,22');
    await screenshot(page, 'buy-by-amount-confirm-tr-TR');
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet').waitFor();
    expect(await page.locator('[data-outcome]').getAttribute('data-outcome')).toBe('filled');
    expect(await page.getByTestId('result-filled').innerText()).toBe('49 / 49 adet');
    await screenshot(page, 'buy-by-amount-result-tr-TR');

    const holdings = await api('/stock/hold/list?tab=ordinary');
    const held = (holdings.data.list as { symbol: string; quantity: string }[]).find(
      (h) => h.symbol === 'THYAO',
    );
    expect(held?.quantity).toBe('49');
    const after = await cash();
    expect(new Decimal(before).minus(after).toFixed()).toBe('4912.78');
  });

  it('at market it walks the asks (en-US): ₺10,000 buys 50 at 100.10 and 49 at 100.20', async () => {
    const { page } = phone;
    await signIn(page, 'en-US');
    await openTicket(page);
    // The book as it started, whatever an earlier order took from it: 50 at 100.10 again.
    source.emitBook('THYAO', [], [['100.10', '50']]);
    source.emitTicker('THYAO', { last: '100.10' });
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('size-mode-amount').click();
    await page.getByTestId('by-amount').fill('10000');
    // 5005 + 49 × 100.20 = 9914.80 (a 100th share: 10015); commission 14.8722 → 14.87,
    // BSMV 0.7435 → 0.74, exchange fee 0.297444 → 0.30: 9930.71.
    await page.getByTestId('cost-total').filter({ hasText: '₺9,930.71' }).waitFor();
    expect(await page.getByTestId('by-amount-qty').innerText()).toBe('99 shares');
    expect(await page.getByTestId('by-amount').inputValue()).toBe('10000');
    expect(await page.getByTestId('cost-amount').innerText()).toBe('₺9,914.80');
    expect(await page.getByTestId('by-amount-leftover').innerText()).toBe('₺69.29');
    await screenshot(page, 'buy-by-amount-market-en-US');

    const before = await cash();
    await page.getByTestId('ticket-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor();
    expect(await sheet.getByTestId('cost-total').innerText()).toBe('₺9,930.71');
    expect(await sheet.getByTestId('by-amount-leftover').innerText()).toBe('₺69.29');
    await screenshot(page, 'buy-by-amount-confirm-en-US');
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet').waitFor();
    expect(await page.getByTestId('result-filled').innerText()).toBe('99 / 99 shares');
    const after = await cash();
    expect(new Decimal(before).minus(after).toFixed()).toBe('9930.71');
  });

  it('100 USDT of BTC by amount on the coin ticket: the coin step, the fee inside, the USDT moved by the total', async () => {
    const { page } = phone;
    const usdt = async () =>
      ((await api('/coin/assets', 'POST')).data.coin as { currency: string; available: string }[]).find(
        (row) => row.currency === 'USDT',
      )?.available ?? '0';
    await signIn(page, 'tr-TR', 'coin');
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=BTCUSDT&side=buy`);
    await page.getByTestId('spot-panel').waitFor();
    await page.getByTestId('spot-type-limit').click();
    await page.getByTestId('spot-price').fill('50010');
    await page.getByTestId('size-mode-amount').click();
    await page.getByTestId('by-amount').fill('100');
    // 0.00199 × 50010 = 99.5199 and its 0.1% fee 0.0995199: 99.6194199; 0.002 would be 100.02.
    await page.getByTestId('by-amount-qty').filter({ hasText: '0,00199 BTC' }).waitFor();
    await screenshot(page, 'buy-by-amount-coin-tr-TR');
    const before = await usdt();
    await page.getByTestId('spot-submit').click();
    await page.getByTestId('spot-confirm').waitFor();
    expect(await page.getByTestId('spot-confirm').innerText()).toContain('0,00199 BTC');
    const sheet = page.getByTestId('spot-confirm');
    await sheet.getByTestId('by-amount-leftover').waitFor();
    // Under the broker's total, what the budget leaves, each with every decimal it has: they add
    // up to the 100 typed as shown, not within a cut of it.
    await sheet.locator('[data-testid="spot-preview"][data-state="ready"]').waitFor();
    const shown = async (id: string) =>
      new Decimal((await sheet.getByTestId(id).innerText()).replace(/[^\d,]/g, '').replace(',', '.'));
    const total = await shown('spot-total');
    expect(total.plus(await shown('by-amount-leftover')).toFixed()).toBe('100');
    expect(total.toFixed()).toBe('99.6194199');
    await screenshot(page, 'buy-by-amount-coin-confirm-tr-TR');
    await page.getByTestId('spot-confirm-submit').click();
    await page.getByTestId('spot-result').waitFor();
    expect(new Decimal(before).minus(await usdt()).toFixed()).toBe('99.6194199');
  });
});
