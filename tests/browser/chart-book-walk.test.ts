import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { prefer, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium, in both languages and both themes, portrait (390×844) and landscape (844×390):
// the kline screen and the instrument screen's book, as a person walks them. The legend covers
// no candle, no figure is cut off inside its box, nothing sticks out of the phone's width, and a
// Turkish reader sees 24-hour times only.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const PAIRS = [
  ['tr-TR', 'dark'],
  ['tr-TR', 'light'],
  ['en-US', 'dark'],
  ['en-US', 'light'],
] as const;

let phone: Phone;
let user: CreatedUser;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

/** Texts under `selector` whose own box cuts them off (wider content than the box, hidden or ellipsed). */
function clipped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const cut: string[] = [];
    for (const root of document.querySelectorAll(sel))
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
        const style = getComputedStyle(el);
        const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (hides && own && el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent!.trim());
      }
    return cut;
  }, selector);
}

/** The page is no wider than the phone: nothing sticks out sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the kline screen and the book, walked in both languages and themes', () => {
  it.each(PAIRS)('kline screen, portrait and landscape (%s, %s)', async (lang, theme) => {
    const { page } = phone;
    await prefer(page, lang, theme);
    for (const [name, size] of [
      ['portrait', PORTRAIT],
      ['landscape', LANDSCAPE],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`${base}/pages/stock/stockKline?symbol=THYAO`);
      await screen(page, '/pages/stock/stockKline');
      await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('legend-close').textContent(), { timeout: 15_000 })
        .not.toBe('--');
      await screenshot(page, `walk-kline-${name}-${lang}-${theme}`);
      const plot = (await page.getByTestId('kline-chart').boundingBox())!;
      const legend = (await page.getByTestId('kline-legend').boundingBox())!;
      expect(legend.y + legend.height).toBeLessThanOrEqual(plot.y + 0.5);
      expect(await clipped(page, '[data-testid="kline"]')).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
      // The indicator row scrolls where the phone is narrow: its edge fades (a chip cut there
      // reads as more to come), and its last chip scrolls clear of the fade.
      const row = page.locator('.kline-foot .kline-indicators');
      const fits = await row.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
        const box = el.getBoundingClientRect();
        const chips = el.querySelectorAll('.kline-chip');
        const last = chips[chips.length - 1]!.getBoundingClientRect();
        return {
          scrolls: el.scrollWidth > el.clientWidth,
          room: box.right - last.right,
          mask: getComputedStyle(el).maskImage,
        };
      });
      if (fits.scrolls) {
        expect(fits.mask).toMatch(/gradient/);
        expect(fits.room).toBeGreaterThanOrEqual(23);
      }
      const legendText = await page.getByTestId('kline-legend').innerText();
      if (lang === 'tr-TR') expect(legendText).not.toMatch(/\b(AM|PM|ÖÖ|ÖS)\b/);
      else expect(legendText).toMatch(/\b(AM|PM)\b/);
    }
    await page.setViewportSize(PORTRAIT);
  });

  it.each(PAIRS)(
    'the book on the instrument screen, portrait and landscape (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      await prefer(page, lang, theme);
      for (const [name, size] of [
        ['portrait', PORTRAIT],
        ['landscape', LANDSCAPE],
      ] as const) {
        for (const [market, symbol] of [
          ['stock', 'THYAO'],
          ['coin', 'BTCUSDT'],
        ] as const) {
          await page.setViewportSize(size);
          const path = `/pages/${market}/index`;
          await page.goto(`${base}${path}?symbol=${symbol}`);
          await screen(page, path);
          const book = page.getByTestId('book');
          await book.waitFor({ timeout: 30_000 });
          await expect
            .poll(() => book.locator('li.book-row').count(), { timeout: 15_000 })
            .toBeGreaterThan(0);
          await book.scrollIntoViewIfNeeded();
          await screenshot(page, `walk-book-${symbol}-${name}-${lang}-${theme}`);
          expect(await clipped(page, '[data-testid="book"]')).toEqual([]);
          expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
        }
      }
      await page.setViewportSize(PORTRAIT);
    },
  );
});
