import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin } from '../support/browser-session';

const base = inject('baseURL');

/** The page colours of tokens.css's two palettes, as computed styles give them. */
const PAGE = { dark: 'rgb(11, 13, 18)', light: 'rgb(244, 245, 247)' } as const;

let phone: Phone;
let cspViolations: string[];
beforeEach(async () => {
  phone = await openPhone();
  cspViolations = [];
  phone.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
afterEach(async () => {
  expect(cspViolations, 'CSP violations').toEqual([]);
  await phone?.close();
});

/** What the page shows: its palette attribute, its background and the address bar's colour. */
async function painted(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
    bar: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    token: getComputedStyle(document.documentElement).getPropertyValue('--color-bg').trim(),
  }));
}

async function storeTheme(page: Page, theme: string | null): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate((t) => {
    localStorage.clear();
    if (t !== null) localStorage.setItem('theme', JSON.stringify(t));
  }, theme);
}

describe('light and dark palettes at 390×844', () => {
  it("paints the system's palette, or the stored one, before any of the app's scripts has run", async () => {
    const { page } = phone;
    // The app's own scripts never arrive: what shows is index.html's frame and its first script.
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const [system, stored, shown] of [
      ['light', null, 'light'],
      ['dark', null, 'dark'],
      ['dark', 'light', 'light'],
      ['light', 'dark', 'dark'],
    ] as const) {
      await page.emulateMedia({ colorScheme: system });
      await storeTheme(page, stored);
      await page.goto(`${base}/pages/tabbar/home`);
      await page.locator('#app-frame').waitFor();
      const seen = await painted(page);
      expect(seen, `${system} system, ${stored ?? 'nothing'} stored`).toMatchObject({
        theme: shown,
        background: PAGE[shown],
      });
      expect(seen.bar, 'the address bar').toBe(seen.token);
    }
  });

  it('switches from the Mine tab, keeps the choice over a reload, and follows the system on "System"', async () => {
    const { page } = phone;
    await page.emulateMedia({ colorScheme: 'dark' });
    await storeTheme(page, null);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/tabbar/mine`);
    await screen(page, '/pages/tabbar/mine');
    const option = (name: string) =>
      page.getByRole('radiogroup', { name: 'Appearance' }).getByRole('radio', { name });
    expect(await option('System').getAttribute('aria-checked')).toBe('true');
    expect((await painted(page)).theme).toBe('dark');

    await option('Light').click();
    await expect.poll(async () => (await painted(page)).background).toBe(PAGE.light);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('"light"');
    let seen = await painted(page);
    expect(seen.bar).toBe(seen.token);
    await option('Light').scrollIntoViewIfNeeded();
    await screenshot(page, 'theme-mine-light-en-US');

    await page.reload();
    await screen(page, '/pages/tabbar/mine');
    expect(await painted(page)).toMatchObject({ theme: 'light', background: PAGE.light });
    expect(await option('Light').getAttribute('aria-checked')).toBe('true');

    // "System" follows the system now and as it changes, without a reload.
    await option('System').click();
    await expect.poll(async () => (await painted(page)).theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await painted(page)).background).toBe(PAGE.light);
    seen = await painted(page);
    expect(seen.bar).toBe(seen.token);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('"system"');
  });

  it('draws the kline chart in the palette on show, and anew when it changes', async () => {
    const { page } = phone;
    await page.emulateMedia({ colorScheme: 'light' });
    await storeTheme(page, 'system');
    await page.goto(`${base}/pages/stock/stockKline?symbol=THYAO`);
    await screen(page, '/pages/stock/stockKline');
    const chartBackground = () =>
      page.evaluate(() => {
        const chart = document.querySelector('[data-testid="kline-chart"]');
        if (chart?.getAttribute('data-loaded') === null) return null;
        // The pane's first canvas carries the background; its top-left pixel is never a bar.
        const canvas = chart?.querySelector('canvas');
        const pixel = canvas?.getContext('2d')?.getImageData(1, 1, 1, 1).data;
        return pixel ? `rgb(${pixel[0]}, ${pixel[1]}, ${pixel[2]})` : null;
      });
    await expect.poll(chartBackground, { timeout: 15_000 }).toBe(PAGE.light);
    await screenshot(page, 'theme-kline-light-tr-TR');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(chartBackground, { timeout: 15_000 }).toBe(PAGE.dark);
  });
});
