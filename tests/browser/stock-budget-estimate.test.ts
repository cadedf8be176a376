import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { holdCalls, shownFigure, typedIn, type HeldCalls } from '../support/held-preview';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { trader, type Trader } from '../server/spot-support';

/**
 * The stock ticket's own estimate of a buy by amount, before the broker's preview answers: on the
 * ticket and in the confirm sheet it never comes to more than the amount typed, and once the
 * preview comes it says the same figures. The broker's book is deeper than the 20 levels a page
 * shows, and dearer behind them: a budget past the levels shown buys what they hold and the
 * ticket says the book shown is too thin. The book holds still (a scripted source) and the
 * preview's answer is held back in the browser until the ticket's figures have been read.
 */
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
type Lang = 'tr-TR' | 'en-US';

/**
 * 30 asks of 10 shares from 318.25 up on the 0.25 tick, then dearer ones: the page shows the first
 * 20 (200 shares for 64,125), the broker walks them all.
 */
const ASKS: [string, string][] = Array.from({ length: 30 }, (_, i) => [
  new Decimal('318.25').plus(new Decimal('0.25').times(i)).toFixed(2),
  '10',
]);
const DEEPER: [string, string][] = [
  ['340.00', '1000'],
  ['345.00', '1000'],
];

describe("the stock ticket's buy by amount, before the preview answers", () => {
  let phone: Phone;
  let server: TestServer;
  let source: ScriptedSource;
  let user: Trader;
  let calls: HeldCalls;
  let beat: ReturnType<typeof setInterval> | undefined;

  beforeAll(async () => {
    source = scriptedSource([instrument('THYAO', { name: 'Türk Hava Yolları' })]);
    source.setTicker('THYAO', { last: '318.00', prev: '318.00' });
    source.setBook('THYAO', 1, [['318.00', '50']], [...ASKS, ...DEEPER]);
    server = await startServer('pglite', { source, clientDir: CLIENT_DIR });
    // A market order waits for a live ticker and book, and a silent one reads as stale within
    // seconds: the stock ticks, its best ask restated unchanged (the levels behind it as they were).
    beat = setInterval(() => {
      source.emitTicker('THYAO', { last: '318.00' });
      source.emitBook('THYAO', [], [ASKS[0]!]);
    }, 400);
    user = await trader(server.database.db, { TRY: '300000' });
    phone = await openPhone();
    calls = await holdCalls(phone.page, '**/ipxtrg-api/stock/order/preview');
  });
  afterAll(async () => {
    clearInterval(beat);
    await phone?.close();
    await server?.close();
  });

  const figure = (scope: string, id: string, lang: Lang) => shownFigure(phone.page, scope, id, lang);

  async function openTicket(page: Page, lang: Lang, type: 'market' | 'limit'): Promise<void> {
    await signInAs(page, server.url, { userToken: user.token }, lang, { systemTradeType: 'stock' });
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('stock-ticket').waitFor();
    await page.getByTestId('ticket-cash').waitFor();
    await page.getByTestId(`ticket-type-${type}`).click();
    if (type === 'limit') await page.getByTestId('ticket-price').fill(typedIn('319.00', lang));
    await page.getByTestId('size-mode-amount').click();
  }

  /**
   * Types `budget`, waits for the walked total, checks the ticket's figures and the confirm
   * sheet's on the ticket's estimate against the budget, then lets the preview answer and checks
   * it says the same total, and that the two rows under it add up to the budget.
   */
  async function budgetBuy(
    page: Page,
    lang: Lang,
    order: { budget: string; qty: string; total: string; thin: boolean },
    shot?: string,
  ) {
    const { budget } = order;
    const where = `${lang} ${budget}`;
    await page.getByTestId('by-amount').fill(typedIn(budget, lang));
    await expect
      .poll(async () => (await figure('stock-ticket', 'cost-total', lang)).toFixed(), { timeout: 10_000 })
      .toBe(order.total);
    expect((await figure('stock-ticket', 'by-amount-qty', lang)).toFixed(), where).toBe(order.qty);
    const left = await figure('stock-ticket', 'by-amount-leftover', lang);
    expect(left.plus(order.total).toFixed(), where).toBe(new Decimal(budget).toFixed());
    expect(await page.getByTestId('by-amount-thin').isVisible(), where).toBe(order.thin);
    if (shot) {
      // What it buys at the top, its costs and what it leaves under it.
      await page
        .getByTestId('by-amount-result')
        .evaluate((node) => node.scrollIntoView({ block: 'start', behavior: 'instant' }));
      // Out from under the sticky tabs.
      await page.mouse.move(195, 400);
      await page.mouse.wheel(0, -70);
      await screenshot(page, shot);
    }
    await page.getByTestId('ticket-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.locator('[data-testid="stock-preview"][data-state="loading"]').waitFor();
    const before = await figure('confirm-sheet', 'cost-total', lang);
    expect(before.toFixed(), where).toBe(order.total);
    const beforeLeft = await figure('confirm-sheet', 'by-amount-leftover', lang);
    expect(before.plus(beforeLeft).lte(budget), where).toBe(true);
    await calls.release();
    await sheet.locator('[data-testid="stock-preview"][data-state="ready"]').waitFor();
    const total = await figure('confirm-sheet', 'cost-total', lang);
    expect(total.toFixed(), where).toBe(order.total);
    const after = await figure('confirm-sheet', 'by-amount-leftover', lang);
    expect(total.plus(after).toFixed(), where).toBe(new Decimal(budget).toFixed());
    await page.getByTestId('confirm-sheet-cancel').click();
    await sheet.waitFor({ state: 'hidden' });
    await calls.release();
  }

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at market: within the levels shown, and past them only what they hold, with the thin-book line',
    async (lang) => {
      const { page } = phone;
      await openTicket(page, lang, 'market');
      // 10 × 318.25 + 5 × 318.50 = 4,775; commission 7.1625 → 7.16, BSMV 0.358 → 0.36, fee 0.14325 → 0.14.
      await budgetBuy(page, lang, { budget: '5000', qty: '15', total: '4782.66', thin: false });
      // The 200 shown for 64,125; commission 96.1875 → 96.19, BSMV 4.8095 → 4.81, fee 1.92375 →
      // 1.92. Past them the broker's asks are dearer than the last one shown (323.25 up, then 340):
      // priced there at 323, the shares past 200 took the order over the budget.
      await budgetBuy(
        page,
        lang,
        { budget: '100000', qty: '200', total: '64227.92', thin: true },
        `stock-budget-thin-${lang}`,
      );
    },
  );

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at a 319,00 limit: the shares the limit pays for, estimated at the asks below it',
    async (lang) => {
      const { page } = phone;
      await openTicket(page, lang, 'limit');
      // Sized at 319: 31 × 319 = 9,889 + 15.87 (32 would be 10,208). Estimated at the four asks
      // up to 319: 3,182.50 + 3,185 + 3,187.50 + 319 = 9,874; commission 14.811 → 14.81,
      // BSMV 0.7405 → 0.74, fee 0.29622 → 0.30.
      await budgetBuy(
        page,
        lang,
        { budget: '10000', qty: '31', total: '9889.85', thin: false },
        `stock-budget-limit-${lang}`,
      );
    },
  );
});
