import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type User = { account: string; password: string; userToken: string; userTokenDemo: string };
type Session = { day: string; symbols: string[] };

async function api<T>(token: string, method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${base}/ipxtrg-api${path}`, { method, headers: { accesstoken: token } });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Market time a replay at 1× needs ahead of it for the test that pauses and resumes it. */
const RECORDED_MS = 45_000;

/**
 * The broker's recorder writes its first rows a few seconds after it starts: wait for a session
 * with BTCUSDT at least RECORDED_MS long.
 */
async function recordedSession(token: string): Promise<Session> {
  for (let i = 0; i < 240; i++) {
    const { list } = await api<{ list: (Session & { from: number; to: number })[] }>(
      token,
      'GET',
      '/user/replay/list',
    );
    const day = list[0];
    if (day?.symbols.includes('BTCUSDT') && day.to - day.from >= RECORDED_MS) return day;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no recorded session');
}

/** What the session screen shows of the replay: its clock, the chart's newest bar, the book and the tape. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const q = (selector: string) => document.querySelector<HTMLElement>(selector);
    const tape = q('[data-testid="replay-tape"] [data-testid="trades-tape"]');
    return {
      clock: Number(q('[data-testid="replay-time"]')?.dataset.t ?? NaN),
      paused: q('[data-testid="replay-clock"]')?.dataset.paused === 'true',
      lastBar: Number(q('[data-testid="replay-chart"]')?.dataset.lastBar ?? NaN),
      bars: Number(q('[data-testid="replay-chart"] [data-testid="kline-chart"]')?.dataset.bars ?? 0),
      book: q('[data-testid="replay-book"] [data-testid="book"]')?.innerText ?? '',
      tape: tape?.innerText ?? '',
      trades: Number(tape?.dataset.count ?? 0),
    };
  });
}

const CLEAN = /\bNaN\b|\bundefined\b|\[object Object\]|session\.|list\./;

/**
 * The replay screens at 390×844: the recorded sessions, a replay of one with an order filled on
 * the recorded book, its end; and the list's empty and error states; in both languages and themes.
 */
describe('replaying a recorded session', () => {
  let phone: Phone;
  let trader: User;
  beforeAll(async () => {
    phone = await openPhone();
    trader = (await operator(['create-user'], cli)) as User;
    await recordedSession(trader.userToken);
  });
  afterAll(async () => {
    await phone?.close();
  });

  it.each(['tr-TR', 'en-US'] as const)('lists, replays with an order, and ends (%s)', async (lang) => {
    const { page } = phone;
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAs(page, base, trader, lang);
    await page.goto(`${base}/pages/replay/list`);
    await screen(page, '/pages/replay/list');
    await page.getByTestId('replay-list').waitFor({ state: 'visible', timeout: 15_000 });
    const card = page.locator('[data-testid^="replay-session-"]').first();
    await card.getByText('BTCUSDT', { exact: true }).click();
    expect(await page.locator('body').innerText()).not.toMatch(CLEAN);
    await screenshot(page, `replay-list-light-${lang}`);

    await card.getByTestId('replay-start').click();
    await screen(page, '/pages/replay/session');
    await page.getByTestId('replay-clock').waitFor({ state: 'visible', timeout: 15_000 });
    // The book comes in the replay's first frames (snapshots), through the market-data worker.
    await page
      .locator('[data-testid="replay-book"] [data-testid="book"][data-state="live"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page
      .locator('[data-testid="replay-chart"] [data-testid="kline-chart"][data-loaded]')
      .waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByTestId('replay-chart').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-chart-light-${lang}`);
    await page.getByTestId('replay-book').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-book-light-${lang}`);
    const symbolTabs = page.getByRole('radio', { name: 'BTCUSDT' });
    if ((await symbolTabs.count()) > 0) await symbolTabs.click();
    await page.getByTestId('replay-qty').fill(lang === 'tr-TR' ? '0,001' : '0.001');
    await page.getByTestId('replay-send').click();
    await page
      .getByTestId('replay-fills')
      .locator('li')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByTestId('replay-fills').innerText()).toContain('BTCUSDT');
    expect(await page.locator('body').innerText()).not.toMatch(CLEAN);
    await screenshot(page, `replay-session-light-${lang}`);
    await page.getByTestId('replay-clock').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-top-light-${lang}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('replay-chart').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-chart-dark-${lang}`);
    await page.getByTestId('replay-tape').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-tape-dark-${lang}`);
    await page.getByTestId('replay-fills').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-session-dark-${lang}`);

    await page.getByTestId('replay-end').click();
    await page
      .getByText(lang === 'tr-TR' ? 'Tekrar bitti' : 'The replay has ended', { exact: false })
      .waitFor({
        state: 'visible',
        timeout: 15_000,
      });
    await screenshot(page, `replay-ended-dark-${lang}`);
    await page
      .getByRole('link', { name: lang === 'tr-TR' ? 'İşlem günlüğünü aç' : 'Open the journal' })
      .click();
    await screen(page, '/pages/user/journal');
  });

  it('shows the replay on the chart, book and tape, nothing past its clock; pause holds them, resume goes on', async () => {
    const { page } = phone;
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAs(page, base, trader, 'en-US');
    const reads: number[] = [];
    // The worker's reads of the replay (a dedicated worker's requests are the page's in Chromium).
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/user/replay/state')) reads.push(Date.now());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${base}/pages/replay/list`);
      const card = page.locator('[data-testid^="replay-session-"]').first();
      await card.getByText('BTCUSDT', { exact: true }).click();
      await card.getByTestId('replay-start').click();
      await screen(page, '/pages/replay/session');
      await page
        .locator('[data-testid="replay-chart"] [data-testid="kline-chart"][data-loaded]')
        .waitFor({ state: 'attached', timeout: 20_000 });
      await page.waitForFunction(
        () =>
          Number(
            document.querySelector<HTMLElement>('[data-testid="replay-tape"] [data-testid="trades-tape"]')
              ?.dataset.count ?? 0,
          ) > 0,
        undefined,
        { timeout: 20_000 },
      );
      const first = await shown(page);
      expect(first.bars).toBeGreaterThan(0);
      expect(first.book).toMatch(/\d/);
      expect(first.lastBar).toBeLessThanOrEqual(first.clock);

      // Running: the clock, the tape or the book moves on, and never shows a bar past the clock.
      const moved = async (from: Awaited<ReturnType<typeof shown>>) => {
        for (let i = 0; i < 40; i++) {
          await page.waitForTimeout(250);
          const now = await shown(page);
          expect(now.lastBar).toBeLessThanOrEqual(now.clock);
          if (now.clock > from.clock && (now.tape !== from.tape || now.book !== from.book)) return now;
        }
        throw new Error('the replay did not move on');
      };
      await moved(first);
      await screenshot(page, 'replay-session-running-dark-en-US');

      await page.getByTestId('replay-pause').click();
      await page.locator('[data-testid="replay-clock"][data-paused="true"]').waitFor({ timeout: 10_000 });
      await page.waitForTimeout(600); // a read in flight when the pause went out lands
      const held = await shown(page);
      const readsHeld = reads.length;
      await page.waitForTimeout(2_500);
      const still = await shown(page);
      expect(still).toEqual(held);
      expect(reads.length - readsHeld).toBeLessThanOrEqual(1);

      await page.getByTestId('replay-pause').click();
      await page.locator('[data-testid="replay-clock"][data-paused="false"]').waitFor({ timeout: 10_000 });
      await moved(held);
      // Polling went on after the resume: the worker reads every 500 ms again.
      await expect.poll(() => reads.length - readsHeld, { timeout: 5_000 }).toBeGreaterThan(3);
      await page.getByTestId('replay-end').click();
      await page.getByText('The replay has ended', { exact: false }).waitFor({ timeout: 15_000 });
    } finally {
      page.off('request', onRequest);
    }
  });

  it.each(['tr-TR', 'en-US'] as const)(
    'says when nothing is recorded, and when the list fails (%s)',
    async (lang) => {
      const { page } = phone;
      await page.emulateMedia({ colorScheme: 'dark' });
      await signInAs(page, base, trader, lang);
      await page.route('**/ipxtrg-api/user/replay/list*', (route) =>
        route.fulfill({ json: { code: 0, msg: '', data: { list: [], running: null } } }),
      );
      try {
        await page.goto(`${base}/pages/replay/list`);
        await screen(page, '/pages/replay/list');
        await page
          .getByText(lang === 'tr-TR' ? 'Henüz kaydedilmiş' : 'No session has been recorded', {
            exact: false,
          })
          .waitFor({
            state: 'visible',
            timeout: 15_000,
          });
        await screenshot(page, `replay-list-empty-dark-${lang}`);
      } finally {
        await page.unroute('**/ipxtrg-api/user/replay/list*');
      }
      await page.route('**/ipxtrg-api/user/replay/list*', (route) => route.abort());
      try {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(`${base}/pages/replay/list`);
        await screen(page, '/pages/replay/list');
        await page.locator('.replay-screen [role="alert"], .replay-screen button').first().waitFor({
          state: 'visible',
          timeout: 15_000,
        });
        await screenshot(page, `replay-list-error-light-${lang}`);
      } finally {
        await page.unroute('**/ipxtrg-api/user/replay/list*');
      }
    },
  );
});
