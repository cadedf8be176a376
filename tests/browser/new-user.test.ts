import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, openOrigin } from '../support/browser-session';
import { operator } from '../support/operator';

/**
 * Defects a new user hits on a fresh session: a shared trade link opening the wrong
 * ticket, screens opened without their parameter, tap targets too small for a thumb.
 */
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Created = { userToken: string; userTokenDemo: string };

/** A fresh session: a language and tokens, and nothing else stored (no systemTradeType). */
async function startSession(page: Page, lang: string, user: Created | null): Promise<void> {
  await openOrigin(page, base);
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
  // Word edges by Unicode letters: with ASCII \b, Turkish "Alınan" read as "NaN" (ı is no ASCII letter).
  expect(text, route).not.toMatch(
    /(?<![\p{L}\p{N}])(?:NaN|undefined)(?![\p{L}\p{N}])|\[object Object\]|zorunlu|required/iu,
  );
}

/** Nothing wider than the phone: no sideways scrolling, nothing clipped off the right edge. */
async function noOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

/** The box a tap lands in (the control's own, or the label that wraps it) is at least 44 × 44. */
async function tapBox(page: Page, selector: string): Promise<void> {
  const found = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const target = element.closest('.checkbox__hit') ?? element;
      const rect = target.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
  expect(found.height, `${selector} height`).toBeGreaterThanOrEqual(44);
  expect(found.width, `${selector} width`).toBeGreaterThanOrEqual(44);
}

const CHOOSERS = [
  { route: '/pages/stock/index', pick: 'THYAO' },
  { route: '/pages/stock/stockKline', pick: 'THYAO' },
  { route: '/pages/coin/index', pick: 'BTCUSDT' },
  { route: '/pages/coin/coinKline', pick: 'BTCUSDT' },
] as const;

/**
 * Links that name nothing (a stale or mistyped id from a shared link or an old notification):
 * each screen offers the list to choose from, since a retry would fail the same way.
 */
const STALE_LINKS = [
  { route: '/pages/coinICO/icoDetail', query: 'id=999999', list: '/pages/coinICO/icoList' },
  { route: '/pages/coinICO/icoOrder', query: 'id=999999', list: '/pages/coinICO/icoList' },
  { route: '/pages/stockBulk/bulkDetail', query: 'id=999999', list: '/pages/stockBulk/bulkList' },
  { route: '/pages/stockBulk/bulkOrder', query: 'id=999999', list: '/pages/stockBulk/bulkList' },
  { route: '/pages/robot/detail', query: 'id=999999', list: '/pages/robot/list' },
  { route: '/pages/robot/orderDetail', query: 'id=999999', list: '/pages/robot/mine' },
  { route: '/pages/ai/detail', query: 'id=999999', list: '/pages/ai/list' },
  { route: '/pages/ai/order', query: 'id=999999', list: '/pages/ai/list' },
  { route: '/pages/ai/order', query: 'order=999999', list: '/pages/ai/mine' },
  { route: '/pages/stock/option', query: 'symbol=ZZZZ', list: '/pages/stock/option' },
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

  it('a link naming nothing offers the list to choose from, not a retry that would fail again', async () => {
    const { page } = phone;
    await startSession(page, lang, user);
    // Which list a link offers does not depend on the language: every link once, in tr-TR; the
    // option chooser's in both (its words and the screenshot).
    const links =
      lang === 'tr-TR' ? STALE_LINKS : STALE_LINKS.filter((l) => l.route === '/pages/stock/option');
    for (const link of links) {
      await page.goto(`${base}${link.route}?${link.query}`);
      await screen(page, link.route);
      const error = page.getByTestId('error-state');
      await error.waitFor();
      expect(await error.getByTestId('retry').count(), link.route).toBe(0);
      expect(await error.getByTestId('error-back').getAttribute('href'), link.route).toBe(link.list);
    }
    await screenshot(page, `new-user-stale-option-${lang}`);
    // The way out leads somewhere useful: the option chooser for another stock.
    await page.getByTestId('error-back').click();
    await page.waitForURL(`**/pages/stock/option`);
    await page.getByTestId('error-state').waitFor({ state: 'detached' });
  });

  it('tap targets are at least 44 px: segmented controls, the register checkbox, legal links', async () => {
    const { page } = phone;
    const box = (selector: string) => tapBox(page, selector);
    await startSession(page, lang, null);
    await page.goto(`${base}/pages/account/reg`);
    await settled(page, '/pages/account/reg');
    await box('[data-testid="reg-agree"]');
    await box('[data-testid="reg-disclaimer"]');
    await box('[data-testid="reg-privacy"]');
    await noOverflow(page);
    await screenshot(page, `new-user-register-${lang}`);
    // Ticking works through the larger area: a tap just beside the box.
    const agree = page.getByTestId('reg-agree');
    const at = await agree.boundingBox();
    if (at) await page.mouse.click(at.x - 8, at.y + at.height / 2);
    expect(await agree.isChecked()).toBe(true);

    await startSession(page, lang, user);
    await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await page.getByTestId('stock-ticket').waitFor();
    for (const id of ['ticket-side-buy', 'ticket-type-limit', 'ticket-tif-day'])
      await box(`[data-testid="${id}"]`);
    await noOverflow(page);
    await screenshot(page, `new-user-ticket-targets-${lang}`);

    // A switch is its own 44 px button (it was 32 px inside a 44 px box a tap could miss).
    await page.goto(`${base}/pages/user/security`);
    await page.getByTestId('security-confirm-orders').waitFor();
    await box('[data-testid="security-confirm-orders"]');
    await screenshot(page, `new-user-switch-${lang}`);
  });

  it('tap targets are at least 44 px: inputs and the buttons inside them, short links, sort headers', async () => {
    const { page } = phone;
    const ids = async (route: string, testIds: readonly string[]) => {
      await page.goto(`${base}${route}`);
      // The forms as they open, before anything is typed: their frame is what is measured.
      await screen(page, route);
      for (const id of testIds) {
        await page.getByTestId(id).first().waitFor();
        await tapBox(page, `[data-testid="${id}"]`);
      }
      await noOverflow(page);
    };
    // Inputs measured 42 px (the 44 px box less its border) and the buttons inside
    // them (show, send code, max) with them.
    await startSession(page, lang, null);
    await ids('/pages/account/login', ['login-account', 'login-password', 'login-password-toggle']);
    await screenshot(page, `new-user-login-targets-${lang}`);
    await ids('/pages/account/reg', ['reg-account', 'reg-code', 'reg-send-code', 'reg-password-toggle']);
    // The agreement sentence ticks the box too: the whole label is a 44 px target.
    await tapBox(page, '.checkbox__label');
    await ids('/pages/stock/search', ['search-input']);

    await startSession(page, lang, user);
    await ids('/pages/tabbar/home', ['home-hot-more', 'home-coins-more']);
    await page.getByTestId('home-hot-more').scrollIntoViewIfNeeded();
    await screenshot(page, `new-user-home-targets-${lang}`);
    await ids('/pages/tabbar/markets', ['sort-symbol']);
    for (const button of await page.locator('.sort-header__button').all()) {
      const size = await button.boundingBox();
      expect(size?.width, 'sort header width').toBeGreaterThanOrEqual(44);
      expect(size?.height, 'sort header height').toBeGreaterThanOrEqual(44);
    }
    await ids('/pages/exchange/exchange', ['exchange-amount', 'exchange-max']);
    await screenshot(page, `new-user-exchange-targets-${lang}`);
    await ids('/pages/recharge/cryptoRecord', ['records-deposit-new']);
    await screenshot(page, `new-user-deposit-records-targets-${lang}`);
    await ids('/pages/user/kyc', ['kyc-cert-type', 'kyc-full-name', 'kyc-cert-number', 'kyc-tax-id']);

    // The transfer form needs a trade password: a user of its own, so this one's stays unset.
    const payer = (await operator(['create-user'], cli)) as Created & { password: string };
    await callApi(base, payer.userToken, '/user/update/tradepwd', {
      password: '246810',
      confirmPassword: '246810',
      loginPassword: payer.password,
    });
    await startSession(page, lang, payer);
    await ids('/pages/exchange/cryptoTransfer', ['transfer-amount', 'transfer-max']);
    await screenshot(page, `new-user-transfer-targets-${lang}`);
  });

  it('funds detail reads like a statement: the buy is one debit, the deposit one credit', async () => {
    const { page } = phone;
    const call = async (path: string, body?: Record<string, string>) =>
      (await (
        await fetch(`${base}/ipxtrg-api${path}`, {
          method: 'POST',
          headers: { accesstoken: user.userToken, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body ?? {}).toString(),
        })
      ).json()) as { code: number; data: { id: string } };
    const me = await call('/user/info');
    await operator(
      [
        'fund',
        String(me.data.id),
        '100000',
        '--reason',
        'new user',
        '--wallet',
        'stock',
        '--currency',
        'TRY',
      ],
      cli,
    );
    const bought = await call('/stock/order/buy', { symbol: 'THYAO', type: 'market', quantity: '10' });
    expect(bought.code).toBe(0);
    await startSession(page, lang, user);
    await page.goto(`${base}/pages/fundsDetail/stockFundsDetail`);
    await settled(page, '/pages/fundsDetail/stockFundsDetail');
    const buy = page.locator('[data-testid="tx-line"][data-reason="fill"]').first();
    await buy.waitFor();
    expect(Number(await buy.getAttribute('data-amount'))).toBeLessThan(0);
    const reasons = await page
      .locator('[data-testid="tx-line"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reason')));
    // The market buy's hold is a line of its own ("held", unsigned), so the fill's release of it
    // is explained and each line's balance follows from the one below it.
    expect(reasons).toContain('order_freeze');
    const hold = page.locator('[data-testid="tx-line"][data-reason="order_freeze"]').first();
    expect(await hold.getAttribute('data-held')).toMatch(/^-/);
    await noOverflow(page);
    await screenshot(page, `new-user-stock-funds-${lang}`);
  });
});
