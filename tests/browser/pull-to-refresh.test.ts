import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// Lists refresh the way phone lists do: a finger pulls the list down from its top and lets go.
// Real touch events (CDP), so the browser's own touch handling, passive or not, is what runs.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

let phone: Phone;
let cdp: CDPSession;
let user: CreatedUser;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  phone = await openPhone();
  // The page's clock runs as a real one, and a test moves it past the focus refetch's gap at
  // once (fastForward) where it slept 2.1 s of real time for it: four sleeps were 8 s of the file.
  await phone.page.clock.install();
  cdp = await phone.context.newCDPSession(phone.page);
});
afterAll(async () => {
  await phone?.close();
});

const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number, x = 195) =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
  });

/** Drags a finger from y = 200 down by `dy` in steps, leaving it down (the caller lets go). */
async function pullDown(dy: number): Promise<void> {
  await touch('touchStart', 200);
  for (let step = 1; step <= 10; step += 1) await touch('touchMove', 200 + (dy * step) / 10);
}

/** Requests whose path ends with `path` while `act` runs. */
async function requestsDuring(page: Page, path: string, act: () => Promise<void>): Promise<number> {
  let count = 0;
  const seen = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname.endsWith(path)) count += 1;
  };
  page.on('request', seen);
  try {
    await act();
  } finally {
    page.off('request', seen);
  }
  return count;
}

/** Every list screen that offers pull to refresh. */
const LISTS = [
  '/pages/notice/list',
  '/pages/user/message',
  '/pages/stockIPO/ipoList',
  '/pages/stockIPO/list',
  '/pages/coinICO/icoList',
  '/pages/coinICO/applyList',
  '/pages/robot/mine',
  '/pages/ai/mine',
  '/pages/recharge/rechargeRecord',
  '/pages/withdraw/withdrawRecord',
  '/pages/recharge/coinRechargeList',
  '/pages/withdraw/cryptoRecord',
];

const pull = (page: Page) => page.getByTestId('pull-to-refresh').first();

describe('pull to refresh', () => {
  it('news: a short pull springs back, a long one reloads through the screen’s own loader', async () => {
    const { page } = phone;
    await page.goto(`${base}/healthz`);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('tr-TR')));
    await page.goto(`${base}/pages/news/list`);
    await screen(page, '/pages/news/list');
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    // Past the focus refetch's gap, so a request now is the pull's.
    await page.clock.fastForward(2100);

    const short = await requestsDuring(page, '/index/news', async () => {
      await pullDown(80);
      expect(await pull(page).getAttribute('data-phase')).toBe('pulling');
      expect(await page.locator('.pull__label').textContent()).toBe('Yenilemek için çekin');
      await touch('touchEnd', 0);
      await page.waitForTimeout(500);
    });
    expect(short).toBe(0);
    expect(await pull(page).getAttribute('data-phase')).toBe('idle');

    const long = await requestsDuring(page, '/index/news', async () => {
      await pullDown(260);
      expect(await pull(page).getAttribute('data-phase')).toBe('armed');
      expect(await page.locator('.pull__label').textContent()).toBe('Yenilemek için bırakın');
      // The list moved down with the finger, the indicator above it.
      const moved = await page
        .locator('.pull__content')
        .first()
        .evaluate((n) => n.getBoundingClientRect().top);
      expect(moved).toBeGreaterThan(100);
      await screenshot(page, 'pull-armed-tr-TR');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/index/news'));
      await touch('touchEnd', 0);
      await answered;
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="pull-to-refresh"]')?.getAttribute('data-phase') === 'idle',
      );
    });
    expect(long).toBe(1);
    // The list was refreshed in place: no skeleton, and the page did not scroll.
    expect(await page.locator('.skeleton').count()).toBe(0);
    expect(await page.locator('.app-main').evaluate((n) => n.scrollTop)).toBe(0);
  });

  it('a pull that starts below the top of a scrolled list scrolls it instead', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/news/list`);
    await screen(page, '/pages/news/list');
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    // A list longer than the screen, scrolled a little way down.
    await page.locator('.screen__body').evaluate((n) => ((n as HTMLElement).style.paddingBottom = '2000px'));
    await page.locator('.app-main').evaluate((n) => (n.scrollTop = 40));
    await page.clock.fastForward(2100);
    const count = await requestsDuring(page, '/index/news', async () => {
      await pullDown(200);
      expect(await pull(page).getAttribute('data-phase')).toBe('idle');
      await touch('touchEnd', 0);
      await page.waitForTimeout(500);
    });
    expect(count).toBe(0);
  });

  it('a sideways swipe that drifts down is no pull', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/news/list`);
    await screen(page, '/pages/news/list');
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    await page.clock.fastForward(2100);
    const count = await requestsDuring(page, '/index/news', async () => {
      await touch('touchStart', 200, 40);
      for (let step = 1; step <= 10; step += 1) await touch('touchMove', 200 + step * 12, 40 + step * 30);
      expect(await pull(page).getAttribute('data-phase')).toBe('idle');
      await touch('touchEnd', 0);
      await page.waitForTimeout(500);
    });
    expect(count).toBe(0);
  });

  it('stock orders, signed in, in English: the list reads its first page again', async () => {
    const { page } = phone;
    await signInAs(page, base, user, 'en-US');
    await page.goto(`${base}/pages/stock/order`);
    await screen(page, '/pages/stock/order');
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    await page.clock.fastForward(2100);
    const count = await requestsDuring(page, '/stock/order/list', async () => {
      await pullDown(260);
      expect(await page.locator('.pull__label').textContent()).toBe('Release to refresh');
      await screenshot(page, 'pull-armed-orders-en-US');
      await touch('touchEnd', 0);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="pull-to-refresh"]')?.getAttribute('data-phase') === 'idle',
      );
    });
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it.each(LISTS)('%s offers it', async (route) => {
    const { page } = phone;
    await page.goto(`${base}${route}`);
    await screen(page, route);
    await page.getByTestId('pull-to-refresh').first().waitFor({ state: 'attached' });
  });
});
