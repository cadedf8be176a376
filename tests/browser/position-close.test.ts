import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { audit } from '../support/axe';
import { openPhone, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium, by touch: the close sheet's slider closes half a contract position and the rest
// keeps its take-profit and stop-loss (its size is the rest's); close all names each position it
// closes; cancel all names the count and the symbols of the orders it cancels.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

type Position = {
  id: string;
  symbol: string;
  side: string;
  qty: string;
  margin: string;
  entryPrice: string;
  liquidationPrice: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
};

let phone: Phone;

beforeAll(async () => {
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

const api = (user: CreatedUser, path: string, body: Record<string, string> = {}) =>
  callApi(base, user.userToken, path, body);

/** A market open, asked again while the simulated book has no counterparty for it (NO_LIQUIDITY changes nothing). */
async function open(user: CreatedUser, body: Record<string, string>): Promise<Position> {
  for (let attempt = 1; ; attempt++) {
    try {
      // 5×: above it the broker asks for the risk check first (its own journey).
      return (await api(user, '/coin/contract/order/add', {
        acceptRisk: '1',
        leverage: '5',
        ...body,
      })) as Position;
    } catch (error) {
      if (!/liquidity/i.test(String(error)) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const active = async (user: CreatedUser) =>
  ((await api(user, '/coin/contract/order/list/active')) as { list: Position[] }).list;

/** A user with 1,000 USDT in the contract wallet and a trade password. */
async function trader(): Promise<CreatedUser> {
  const user = (await operator(['create-user'], cli)) as CreatedUser;
  const info = (await api(user, '/user/info')) as { id: string };
  await operator(
    ['fund', info.id, '1500', '--reason', 'close test', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  await api(user, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  await api(user, '/coin/transfer', {
    currency: 'USDT',
    from: 'coin',
    to: 'contract',
    amount: '1000',
    tradePassword: PIN,
  });
  return user;
}

/** Signed in on the contract ticket in `theme`, the page's colour scheme with it. */
async function signIn(page: Page, user: CreatedUser, lang: string, theme: 'light' | 'dark'): Promise<void> {
  await signInAs(page, base, user, lang, { systemTradeType: 'contract', theme });
  await page.emulateMedia({ colorScheme: theme });
}

describe('closing positions in one tap', () => {
  it.each([
    ['en-US', 'dark'],
    ['tr-TR', 'light'],
  ] as const)('closes half with the slider: the rest keeps its TP/SL (%s, %s)', async (lang, theme) => {
    const { page } = phone;
    const user = await trader();
    const opened = await open(user, { symbol: 'BTCUSDT', side: 'long', margin: '100' });
    const entry = new Decimal(opened.entryPrice);
    const takeProfit = entry.mul(1.5).ceil().toFixed();
    const stopLoss = entry.mul(0.95).floor().toFixed();
    await api(user, '/coin/contract/order/set/profit', { id: opened.id, price: takeProfit });
    await api(user, '/coin/contract/order/set/loss', { id: opened.id, price: stopLoss });

    await signIn(page, user, lang, theme);
    await page.goto(`${base}/pages/tabbar/trade`);
    await page.getByTestId('position').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('position-close').first().click();
    const sheet = page.getByTestId('position-close-confirm');
    await sheet.waitFor();
    // The whole position unless the slider says otherwise.
    expect(await page.getByTestId('close-share').inputValue()).toBe('100');
    expect(await page.getByTestId('close-remaining').count()).toBe(0);
    await page.getByTestId('close-share').fill('50');
    // Half, down to the step (5 decimals for BTC), and the rest.
    const part = new Decimal(opened.qty).div(2).toDecimalPlaces(5, Decimal.ROUND_DOWN);
    const rest = new Decimal(opened.qty).minus(part);
    const number = (text: string) =>
      new Decimal(
        text
          .replace(/[^\d,.]/g, '')
          .replace(lang === 'tr-TR' ? /\./g : /,/g, '')
          .replace(',', '.'),
      );
    await expect
      .poll(async () => number(await page.getByTestId('close-size').innerText()).toFixed())
      .toBe(part.toFixed());
    expect(number(await page.getByTestId('close-remaining').innerText()).toFixed()).toBe(rest.toFixed());
    expect(await page.getByTestId('close-share-value').innerText()).toBe(lang === 'tr-TR' ? '%50' : '50%');
    expect(await page.getByTestId('close-triggers-stay').isVisible()).toBe(true);
    await screenshot(page, `position-close-half-${lang}-${theme}`);
    // Every WCAG rule in the dark palette, the light one's contrast (as tests/browser/a11y.test.ts).
    const violations = await audit(page, theme === 'light' ? ['color-contrast'] : undefined);
    expect(violations, `the close sheet with its slider:\n${JSON.stringify(violations, null, 2)}`).toEqual(
      [],
    );
    await page.getByTestId('position-close-confirm-submit').click();

    await expect.poll(async () => (await active(user))[0]?.qty, { timeout: 15_000 }).toBe(rest.toFixed());
    const [left, ...more] = await active(user);
    expect(more).toHaveLength(0);
    expect(left).toMatchObject({ id: opened.id, takeProfit, stopLoss });
    expect(new Decimal(left!.margin).lt(opened.margin)).toBe(true);
    // The card shows the rest and still its TP/SL.
    await expect
      .poll(async () => number(await page.getByTestId('position-size').first().innerText()).toFixed(), {
        timeout: 10_000,
      })
      .toBe(rest.toFixed());
    expect(await page.getByTestId('position-triggers').first().innerText()).not.toMatch(/^--/);
    await page.getByTestId('position').first().scrollIntoViewIfNeeded();
    await screenshot(page, `position-after-half-${lang}-${theme}`);
  });

  it.each([
    ['en-US', 'dark'],
    ['tr-TR', 'light'],
  ] as const)(
    'close all names each position it closes, and closes only those (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      const user = await trader();
      await open(user, { symbol: 'BTCUSDT', side: 'long', margin: '100' });
      await open(user, { symbol: 'ETHUSDT', side: 'short', margin: '100' });
      await signIn(page, user, lang, theme);
      await page.goto(`${base}/pages/tabbar/trade`);
      await expect.poll(() => page.getByTestId('position').count(), { timeout: 20_000 }).toBe(2);
      await page.getByTestId('positions-close-all').click();
      await page.getByTestId('positions-close-all-confirm').waitFor();
      const touches = await page.getByTestId('close-touch').allInnerTexts();
      expect(touches).toHaveLength(2);
      expect(touches.join('\n')).toMatch(/BTCUSDT/);
      expect(touches.join('\n')).toMatch(/ETHUSDT/);
      expect(await page.getByTestId('close-question').innerText()).toContain('2');
      await screenshot(page, `positions-close-all-${lang}-${theme}`);
      // Opened from another device while the sheet is open: the sheet did not name it, so it stays.
      const later = await open(user, { symbol: 'BTCUSDT', side: 'short', margin: '100' });
      await expect.poll(() => page.getByTestId('position').count(), { timeout: 20_000 }).toBe(3);
      expect(await page.getByTestId('close-touch').count()).toBe(2);
      await page.getByTestId('positions-close-all-confirm-submit').click();
      await expect
        .poll(async () => (await active(user)).map((p) => p.id), { timeout: 15_000 })
        .toEqual([later.id]);
    },
  );

  it.each([
    ['en-US', 'dark'],
    ['tr-TR', 'light'],
  ] as const)(
    'cancel all names the count and the pair of the orders it cancels, and cancels only those (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      const user = await trader();
      const ticker = (await api(user, '/coin/ticker', { symbol: 'BTCUSDT' })) as { price: string };
      // Two buys far under the market: they rest.
      const price = new Decimal(ticker.price).mul(0.8).floor().toFixed();
      for (const quantity of ['0.001', '0.002'])
        await api(user, '/coin/order/add', {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          price,
          quantity,
        });
      const openOrders = async () =>
        ((await api(user, '/coin/order/list', { status: 'open', symbol: 'BTCUSDT' })) as { total: number })
          .total;
      expect(await openOrders()).toBe(2);
      await signIn(page, user, lang, theme);
      await page.evaluate(() => localStorage.setItem('systemTradeType', JSON.stringify('coin')));
      await page.goto(`${base}/pages/tabbar/trade`);
      await page.getByTestId('spot-cancel-all').click({ timeout: 20_000 });
      const modal = page.getByTestId('modal');
      await modal.waitFor();
      const text = await modal.innerText();
      expect(text).toContain('BTCUSDT');
      expect(text).toMatch(/\b2\b/);
      await screenshot(page, `spot-cancel-all-${lang}-${theme}`);
      // Placed from another device while the question is open: not named, so not cancelled.
      await api(user, '/coin/order/add', {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price,
        quantity: '0.003',
      });
      await page.getByTestId('modal-confirm').click();
      await expect.poll(openOrders, { timeout: 10_000 }).toBe(1);
    },
  );
});
