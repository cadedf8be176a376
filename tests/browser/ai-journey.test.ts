import Decimal from 'decimal.js';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../domain/format/number';
import { screen, screenshot } from '../support/browser';
import { callApi, signedInPhone } from '../support/browser-session';

// In Chromium: an operator-funded user finds the AI stock products from home, reads a
// product's rule, measured performance, backtest and basket, buys an order with the trade
// password, and finds it among their orders — in Turkish, then every screen in English, where
// the order is redeemed. What the ledger took and gave back equals what the screens said.
const base = inject('baseURL');
const PIN = '246810';
const PRODUCT = 'momentum-5';

type Balance = { wallet: string; currency: string; available: string };
type Order = { id: string; status: string; paidIn: string; paidOut: string; value: string };

const stockCash = async (): Promise<string> => {
  const assets = (await callApi(base, me.user.userToken, '/user/assets', {})) as { balances: Balance[] };
  return assets.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')!.available;
};
const orders = async (): Promise<Order[]> =>
  ((await callApi(base, me.user.userToken, '/stock/ai/order/list', {})) as { list: Order[] }).list;

/** Each basket row: on how many lines each of its figures is laid out, and whether the row spills. */
const basketLayout = (page: Page) =>
  page.locator('[data-testid="ai-basket"] .ai-line').evaluateAll((rows) =>
    rows.map((row) => ({
      symbol: row.querySelector('strong')?.textContent ?? '',
      figureLines: [...row.querySelectorAll('.ai-line__figures > span')].map((figure) => {
        const range = document.createRange();
        range.selectNodeContents(figure);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
      overflow: row.scrollWidth > row.clientWidth,
    })),
  );

const me = signedInPhone({
  fund: ['50000', '--reason', 'AI products browser test'],
  passwords: { trade: PIN },
});

describe('AI stock products in Chromium: list, detail, buy with the trade password, my orders', () => {
  it('reaches the list from home and reads a product honestly labelled, with its backtest', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.getByTestId('home-ai').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'ai-home-entry-tr-TR');
    await page.getByTestId('home-ai').click();
    await screen(page, '/pages/ai/list');
    await page.getByTestId(`ai-product-${PRODUCT}`).waitFor();
    await expect.poll(() => page.getByTestId('ai-risk').textContent()).toMatch(/Geçmiş sonuçlar/);
    await screenshot(page, 'ai-list-tr-TR');
    await page.getByTestId(`ai-product-${PRODUCT}`).click();
    await screen(page, '/pages/ai/detail');
    await page.getByTestId('ai-backtest-return').waitFor();
    await page.locator('[data-testid^="ai-basket-"]').first().waitFor();
    await screenshot(page, 'ai-detail-tr-TR');
    await page.getByTestId('ai-backtest').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'ai-detail-backtest-tr-TR');
    await page.getByTestId('ai-basket').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'ai-detail-basket-tr-TR');
    // At 390 px every figure of a basket row reads on one line (it broke as "+%19,48 ·" / "22,10"),
    // and a long name gives way inside its row instead.
    const rows = await basketLayout(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.figureLines, row.symbol).toEqual(row.figureLines.map(() => 1));
      expect(row.overflow, row.symbol).toBe(false);
    }
  });

  it('buys an order for the amount the sheet showed, confirmed with the trade password', async () => {
    const { page } = me.phone;
    await page.getByTestId('ai-buy').click();
    await screen(page, '/pages/ai/order');
    await page.getByTestId('ai-amount-input').fill('10000');
    await screenshot(page, 'ai-order-tr-TR');
    expect(await stockCash()).toBe('50000');
    await page.getByTestId('ai-submit').click();
    const sheet = page.getByTestId('ai-confirm');
    await sheet.waitFor();
    await page.getByTestId('ai-confirm-password').fill(PIN);
    await screenshot(page, 'ai-confirm-tr-TR');
    await page.getByTestId('ai-confirm-submit').click();
    await page.getByTestId('ai-done').waitFor({ timeout: 20_000 });
    await screenshot(page, 'ai-done-tr-TR');
    const [order] = await orders();
    expect(order).toMatchObject({ status: 'open', paidIn: '10000' });
    expect(await stockCash()).toBe('40000');
  });

  it('lists the order with its value, P&L and holdings', async () => {
    const { page } = me.phone;
    const [order] = await orders();
    await page.getByTestId('ai-done-mine').click();
    await screen(page, '/pages/ai/mine');
    await page.getByTestId(`ai-order-${order!.id}`).waitFor();
    expect(await page.getByTestId(`ai-order-value-${order!.id}`).textContent()).toMatch(/₺/);
    await screenshot(page, 'ai-mine-tr-TR');
    await page.getByTestId(`ai-fills-toggle-${order!.id}`).click();
    await page.getByTestId(`ai-fills-${order!.id}`).evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'ai-mine-fills-tr-TR');
  });

  it('counts the open order in the portfolio total, as a part of its own, in both languages', async () => {
    const { page } = me.phone;
    // Prices move on their own: compare the part with the answers the page itself received (any
    // of them: a read answered after a newer one is dropped by the screen, not shown).
    const values: string[] = [];
    const seen = async (response: Response) => {
      if (!response.url().endsWith('/user/assets')) return;
      const body = (await response.json().catch(() => null)) as {
        data?: { products?: { product: string; value: string }[] };
      } | null;
      const ai = body?.data?.products?.find((p) => p.product === 'ai');
      if (ai) values.push(ai.value);
    };
    page.on('response', seen);
    await page.goto(`${base}/pages/tabbar/mine`);
    await screen(page, '/pages/tabbar/mine');
    const part = page.getByTestId('portfolio-part-products');
    const shown = (value: string | null) =>
      value === null
        ? null
        : // TRY only, so the part is the broker's figure truncated to kuruş, whatever the feed does.
          formatMoney(new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2), 'tr-TR', {
            currency: 'TRY',
          });
    await expect
      .poll(async () => {
        const text = await part.innerText();
        return values.some((value) => text.includes(shown(value) ?? '—'));
      })
      .toBe(true);
    page.off('response', seen);
    expect(values.every((value) => Number(value) > 0)).toBe(true);
    await screenshot(page, 'portfolio-products-tr-TR');
    // An unknown product: the error state says so in the reader's words, with a retry.
    await page.goto(`${base}/pages/ai/detail?id=nope`);
    expect(await page.getByTestId('error-state').innerText()).toContain('Yapay zekâ hisse ürünü bulunamadı.');
    await screenshot(page, 'ai-detail-unknown-tr-TR');
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.reload();
    expect(await page.getByTestId('error-state').innerText()).toContain('AI stock product not found.');
    await screenshot(page, 'ai-detail-unknown-en-US');
    await page.goto(`${base}/pages/tabbar/mine`);
    await part.waitFor();
    expect(await part.innerText()).toMatch(/^Products/);
    await screenshot(page, 'portfolio-products-en-US');
  });

  it('reads in English, and redeems the order for what it is worth', async () => {
    const { page } = me.phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/tabbar/trade`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('trade-switch-stock').click();
    await page.getByTestId('trade-ai').waitFor();
    await page.getByTestId('trade-ai').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'ai-trade-entry-en-US');
    await page.getByTestId('trade-ai').click();
    await screen(page, '/pages/ai/list');
    await page.getByTestId(`ai-product-${PRODUCT}`).waitFor();
    await expect.poll(() => page.getByTestId('ai-risk').textContent()).toMatch(/Past results/);
    await screenshot(page, 'ai-list-en-US');
    await page.goto(`${base}/pages/ai/detail?id=${PRODUCT}`);
    await page.getByTestId('ai-backtest-return').waitFor();
    await page.locator('[data-testid^="ai-basket-"]').first().waitFor();
    await screenshot(page, 'ai-detail-en-US');
    await page.getByTestId('ai-backtest').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'ai-detail-backtest-en-US');
    await page.goto(`${base}/pages/ai/order?id=${PRODUCT}`);
    await page.getByTestId('ai-amount-input').fill('500');
    await page.getByTestId('ai-submit').click();
    // Below the product's minimum: the amount rule's message names it.
    await expect.poll(() => page.getByText(/The minimum amount is/).count()).toBeGreaterThan(0);
    await screenshot(page, 'ai-order-en-US');
    await page.goto(`${base}/pages/ai/order`);
    await page.getByTestId(`ai-product-${PRODUCT}`).waitFor();
    await screenshot(page, 'ai-order-chooser-en-US');

    const [order] = await orders();
    await page.goto(`${base}/pages/ai/mine`);
    await page.getByTestId(`ai-order-${order!.id}`).waitFor();
    await screenshot(page, 'ai-mine-en-US');
    await page.getByTestId(`ai-redeem-${order!.id}`).click();
    await page.getByTestId('ai-redeem-confirm').waitFor();
    await page.getByTestId('ai-redeem-confirm-password').fill(PIN);
    await screenshot(page, 'ai-redeem-en-US');
    await page.getByTestId('ai-redeem-confirm-submit').click();
    await page.getByTestId('ai-mine-message').waitFor({ timeout: 20_000 });
    const [redeemed] = await orders();
    expect(redeemed).toMatchObject({ id: order!.id, status: 'redeemed' });
    // Everything paid out came back to the stock account, to the kuruş.
    expect(Number(await stockCash())).toBeCloseTo(40000 + Number(redeemed!.paidOut), 2);
    await screenshot(page, 'ai-mine-redeemed-en-US');
  });
});
