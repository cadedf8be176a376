import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin, prefer, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// The kline screen's order lines (the user's orders on the chart) need code of their own: the
// order, conditional and position reads with their schemas, and the sheet that confirms a dragged
// line. A guest has no orders: their kline screen paints its chart without ever asking for it.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const KLINE = '/pages/stock/stockKline';
const ORDER_LINES_CHUNK = /\/assets\/order-lines-layer-[^/]*\.js$/;

let phone: Phone;
beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

/** Opens THYAO's kline screen and waits for its chart's bars; returns the chunks asked for. */
async function openKline(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (ORDER_LINES_CHUNK.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto(`${base}${KLINE}?symbol=THYAO`);
  await screen(page, KLINE);
  await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
  return asked;
}

describe("the kline screen's order-line code", () => {
  it.each(['tr-TR', 'en-US'])('%s: a guest sees the chart with none of it asked for', async (lang) => {
    const { page } = phone;
    await openOrigin(page, base);
    await prefer(page, lang, 'light');
    const asked = await openKline(page);
    // The idle preload (src/routes/idle-preload.ts) may fetch it later, once the page is quiet:
    // asked for by then, it would have been on the chart's way.
    expect(asked).toEqual([]);
    expect(await page.locator('[data-testid="order-lines"]').count()).toBe(0);
    await screenshot(page, `kline-guest-${lang}`);
  });

  it('signed in, it is asked for with the screen and the lines layer is there', async () => {
    const user = (await operator(['create-user', '--kyc', 'approved'], cli)) as CreatedUser;
    const { page } = phone;
    await signInAs(page, base, user, 'tr-TR');
    const asked = await openKline(page);
    await page.locator('[data-testid="order-lines"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(asked.length).toBeGreaterThan(0);
  });
});
