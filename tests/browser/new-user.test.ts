import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

/**
 * Defects a new user hits on a fresh session (issue 18): a shared trade link opening the wrong
 * ticket, screens opened without their parameter, tap targets too small for a thumb.
 */
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Created = { userToken: string; userTokenDemo: string };

/** A fresh session: a language and tokens, and nothing else stored (no systemTradeType). */
async function startSession(page: Page, lang: string, user: Created | null): Promise<void> {
  await page.goto(`${base}/pages/tabbar/home`);
  await page.evaluate(
    ({ l, real, demo }) => {
      localStorage.clear();
      localStorage.setItem('lang', JSON.stringify(l));
      if (real) {
        localStorage.setItem('userToken', JSON.stringify(real));
        localStorage.setItem('userTokenReal', JSON.stringify(real));
        localStorage.setItem('userTokenDemo', JSON.stringify(demo));
      }
    },
    { l: lang, real: user?.userToken ?? '', demo: user?.userTokenDemo ?? '' },
  );
}

async function settled(page: Page, route: string): Promise<void> {
  await screen(page, route);
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 15_000,
  });
  const text = await page.locator(`[data-screen="${route}"]`).innerText();
  expect(text, route).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]|zorunlu|required/i);
}

/** Nothing wider than the phone: no sideways scrolling, nothing clipped off the right edge. */
async function noOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

const CHOOSERS = [
  { route: '/pages/stock/index', pick: 'THYAO' },
  { route: '/pages/stock/stockKline', pick: 'THYAO' },
  { route: '/pages/coin/index', pick: 'BTCUSDT' },
  { route: '/pages/coin/coinKline', pick: 'BTCUSDT' },
] as const;

describe.each(['tr-TR', 'en-US'] as const)('a new user in %s at 390×844', (lang) => {
  let phone: Phone;
  let user: Created;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(['create-user'], cli)) as Created;
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('a shared trade link for a BIST stock opens its stock ticket on the side asked for', async () => {
    const { page } = phone;
    await startSession(page, lang, user);
    await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=sell`);
    await settled(page, '/pages/tabbar/trade');
    await page.getByTestId('stock-ticket').waitFor();
    expect(await page.getByTestId('trade-switch-stock').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('ticket-symbol').innerText()).toContain('THYAO');
    expect(await page.getByTestId('ticket-side-sell').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, `new-user-trade-thyao-${lang}`);

    // A coin pair opens the spot ticket, on the side asked for.
    await page.goto(`${base}/pages/tabbar/trade?symbol=ETHUSDT&side=buy`);
    await page.getByTestId('spot-panel').waitFor();
    expect(await page.getByTestId('spot-side-buy').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('spot-panel').filter({ hasText: 'ETH' }).waitFor();
  });

  it.each(CHOOSERS)('$route without a symbol offers a searchable list that opens one', async (chooser) => {
    const { page } = phone;
    await startSession(page, lang, null);
    await page.goto(`${base}${chooser.route}`);
    await settled(page, chooser.route);
    await page.getByTestId('instrument-chooser').waitFor();
    await page.getByTestId('chooser-search').fill(chooser.pick.slice(0, 3).toLowerCase());
    const row = page.getByTestId(`choose-${chooser.pick}`);
    await row.waitFor();
    await noOverflow(page);
    await screenshot(page, `new-user-chooser-${chooser.route.split('/').pop()}-${lang}`);
    await row.click();
    await page.waitForURL(`**${chooser.route}?symbol=${chooser.pick}`);
    await page.getByTestId('instrument-chooser').waitFor({ state: 'detached' });
  });

  it('news detail without a story points to the news list', async () => {
    const { page } = phone;
    await startSession(page, lang, null);
    await page.goto(`${base}/pages/news/detail`);
    await settled(page, '/pages/news/detail');
    await screenshot(page, `new-user-news-pick-${lang}`);
    await page.getByTestId('news-pick').click();
    await screen(page, '/pages/news/list');
  });
});
