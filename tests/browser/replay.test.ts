import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openOrigin } from '../support/browser-session';
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

async function signInAs(page: Page, user: User, lang: string): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate(
    ({ l, real, demo }) => {
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('userToken', JSON.stringify(real));
      localStorage.setItem('userTokenReal', JSON.stringify(real));
      localStorage.setItem('userTokenDemo', JSON.stringify(demo));
    },
    { l: lang, real: user.userToken, demo: user.userTokenDemo },
  );
}

/** The broker's recorder writes its first rows a few seconds after it starts: wait for a session. */
async function recordedSession(token: string): Promise<Session> {
  for (let i = 0; i < 60; i++) {
    const { list } = await api<{ list: Session[] }>(token, 'GET', '/user/replay/list');
    if (list[0]?.symbols.includes('BTCUSDT')) return list[0];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no recorded session');
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
    await signInAs(page, trader, lang);
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
    // The book comes in the replay's first frames (snapshots), drawn with the codec's reader.
    await page.locator('.replay-book__ask').first().waitFor({ state: 'visible', timeout: 15_000 });
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

  it.each(['tr-TR', 'en-US'] as const)(
    'says when nothing is recorded, and when the list fails (%s)',
    async (lang) => {
      const { page } = phone;
      await page.emulateMedia({ colorScheme: 'dark' });
      await signInAs(page, trader, lang);
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
