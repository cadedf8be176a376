import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin, prefer } from '../support/browser-session';

// The Markets tab's first page of stocks is 30 rows; a phone shows ~12. The list's first render
// draws the rows on screen (14) and the rest follow in a render of their own, so the first one,
// which brings the screen's largest paint, is no longer the page's longest task.
const base = inject('baseURL');
const MARKETS = '/pages/tabbar/markets';
const PAGE_ROWS = 30;
const FIRST_ROWS = 14;

let phone: Phone;
beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

describe("the Markets tab's stock list (390×844)", () => {
  it.each(['tr-TR', 'en-US'])('%s: draws the rows on screen first, then the whole page', async (lang) => {
    const { page } = phone;
    await openOrigin(page, base);
    await prefer(page, lang, 'light');
    // Before the app runs: the row count of the list in the first commit that holds it.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRows: number | null };
      w.__firstRows = null;
      new MutationObserver(() => {
        const list = document.querySelector('[data-testid="stock-list"]');
        if (list && w.__firstRows === null) w.__firstRows = list.children.length;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}${MARKETS}`);
    await screen(page, MARKETS);
    const rows = page.locator('[data-testid="stock-list"] > li');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(PAGE_ROWS);
    const first = await page.evaluate(
      () => (window as unknown as { __firstRows: number | null }).__firstRows,
    );
    expect(first).toBe(FIRST_ROWS);
    // The rows the first render left out are the page's own, in the server's order, below them.
    const symbols = await rows.evaluateAll((items) => items.map((li) => li.getAttribute('data-testid')));
    expect(new Set(symbols).size).toBe(PAGE_ROWS);
    await screenshot(page, `markets-first-rows-${lang}`);
  });
});
