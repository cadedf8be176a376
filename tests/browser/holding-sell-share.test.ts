import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { instrument, scriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { stockBook, trader, type Trader } from '../server/spot-support';

// In Chromium over a scripted market: selling from a holding of 12 shares, the ticket offers a
// quarter, a half and three quarters of them beside all, in whole shares, one tap each.
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

describe('selling a share of a holding', () => {
  let phone: Phone;
  let server: TestServer;
  let user: Trader;

  beforeAll(async () => {
    const source = scriptedSource([instrument('THYAO', { name: 'Türk Hava Yolları' })]);
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    stockBook(source);
    server = await startServer('pglite', { source, clientDir: CLIENT_DIR });
    user = await trader(server.database.db, { TRY: '100000', USDT: '0' });
    const bought = (await (
      await fetch(server.api('/stock/order/buy'), {
        method: 'POST',
        headers: { accesstoken: user.token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ symbol: 'THYAO', type: 'market', quantity: '12' }).toString(),
      })
    ).json()) as { code: number };
    expect(bought.code).toBe(0);
    phone = await openPhone();
  }, 60_000);
  afterAll(async () => {
    await phone?.close();
    await server?.close();
  });

  async function signIn(page: Page, lang: string, theme: 'light' | 'dark'): Promise<void> {
    await signInAs(page, server.url, { userToken: user.token }, lang, { theme, systemTradeType: 'stock' });
    await page.emulateMedia({ colorScheme: theme });
  }

  it.each([
    ['en-US', 'dark', '25%', 'All: 12 shares'],
    ['tr-TR', 'light', '%25', 'Tümü: 12 adet'],
  ] as const)('offers 25, 50 and 75 of 100 beside all (%s, %s)', async (lang, theme, quarter, all) => {
    const { page } = phone;
    await signIn(page, lang, theme);
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=THYAO&side=sell`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('ticket-qty-all').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('ticket-qty-all').innerText()).toBe(all);
    expect(await page.getByTestId('ticket-qty-25').innerText()).toBe(quarter);
    await page.getByTestId('ticket-qty-50').click();
    expect(await page.getByTestId('ticket-qty').inputValue()).toBe('6');
    expect(await page.getByTestId('ticket-qty-50').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('ticket-qty-75').click();
    expect(await page.getByTestId('ticket-qty').inputValue()).toBe('9');
    await page.getByTestId('ticket-qty').evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await screenshot(page, `holding-sell-share-${lang}-${theme}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
