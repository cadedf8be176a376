import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Request } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin, prefer } from '../support/browser-session';

// The Markets tab's largest paint is a row of its first page of stocks: index.html's route-preload
// script asks for that page as the page opens (src/paths/preloaded-routes.ts), before the entry,
// and the tab's own call takes the answer instead of asking again once the app has run.
const base = inject('baseURL');
const MARKETS = '/pages/tabbar/markets';

let phone: Phone;
beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

/** The stock-list calls and the entry's request, in the order the page made them. */
function record(requests: { what: string; language: string }[]) {
  return (request: Request) => {
    const url = new URL(request.url());
    const file = url.pathname.split('/').pop() ?? '';
    if (url.pathname.endsWith('/stock/index/list'))
      requests.push({ what: `list${url.search}`, language: request.headers()['accept-language'] ?? '' });
    else if (/^index-.+\.js$/.test(file)) requests.push({ what: 'entry', language: '' });
  };
}

describe("the Markets tab's first page of stocks (390×844)", () => {
  it.each(['tr-TR', 'en-US'])('%s: is asked for once, before the entry, and listed', async (lang) => {
    const { page } = phone;
    await openOrigin(page, base);
    await prefer(page, lang, 'light');
    const asked: { what: string; language: string }[] = [];
    const onRequest = record(asked);
    page.on('request', onRequest);
    await page.goto(`${base}${MARKETS}`);
    await screen(page, MARKETS);
    const rows = page.locator('[data-testid="stock-list"] > li');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(30);
    // Nothing asks for the page again a moment later (the screen took the script's answer).
    await page.waitForTimeout(500);
    page.off('request', onRequest);
    expect(asked).toEqual([
      { what: 'list?page=1&size=30&sort=turnover&order=desc&market=stock', language: lang },
      { what: 'entry', language: '' },
    ]);
    await screenshot(page, `markets-first-page-${lang}`);
  });

  it('is not asked for when the tab opens on its coins', async () => {
    const { page } = phone;
    const asked: { what: string; language: string }[] = [];
    const onRequest = record(asked);
    page.on('request', onRequest);
    await page.goto(`${base}${MARKETS}?segment=coins`);
    await screen(page, MARKETS);
    await page.locator('[data-testid="markets-seg-coins"][aria-selected="true"]').waitFor();
    await page.waitForTimeout(1_000);
    page.off('request', onRequest);
    expect(asked.filter((a) => a.what.startsWith('list'))).toEqual([]);
  });
});
