import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium, by touch: a trend line's two points tapped as fast as the touchscreen can, one
// right after the other, make the line (the second tap used to be taken for a first one again
// when it came before the page had drawn the first).
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const SYMBOL = 'THYAO';
const LANDSCAPE = { width: 844, height: 390 };

type Line = { id: string; kind: string };
let phone: Phone;
let user: CreatedUser;

const lines = async (): Promise<Line[]> =>
  ((await callApi(base, user.userToken, '/user/drawing/list', { symbol: SYMBOL })) as { list: Line[] }).list;

async function chartReady(page: Page): Promise<void> {
  await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="drawing-tools"]:not([data-lines="-1"])').waitFor();
}

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

describe.each(['tr-TR', 'en-US'] as const)('a trend line in %s', (locale) => {
  it('takes two quick taps as its two points', async () => {
    const { page } = phone;
    await signInAs(page, base, user, locale);
    await page.setViewportSize(LANDSCAPE);
    await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
    await screen(page, '/pages/stock/chart');
    await chartReady(page);
    const before = (await lines()).length;
    await page.getByTestId('tool-trend').tap();
    await page.getByTestId('drawing-hint').waitFor();
    const box = (await page.getByTestId('kline-chart').boundingBox())!;
    // The second tap right after the first, nothing waited for between them.
    await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.55);
    await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.35);
    await expect.poll(async () => (await lines()).length, { timeout: 10_000 }).toBe(before + 1);
    expect((await lines()).at(-1)?.kind).toBe('trend');
    await page.getByTestId('drawing-selected').waitFor();
    await screenshot(page, `finish-trend-line-fast-${locale}`);
  });
});
