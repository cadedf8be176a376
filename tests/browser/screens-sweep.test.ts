import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/routes/table';
import { audit } from '../support/axe';
import { openPhone, screen, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Listed = { list: { id: string }[] };

/** The first id of a list endpoint, the way a real link from that list would carry it. */
async function firstId(token: string, path: string, method: 'GET' | 'POST' = 'POST'): Promise<string> {
  const page = (await callApi(base, token, path, {}, method)) as Listed;
  const id = page.list[0]?.id;
  if (!id) throw new Error(`${path}: nothing listed to open`);
  return id;
}

/**
 * What a store reviewer flags on any screen, whatever it shows: a figure that did not resolve, a
 * page wider than the phone, a pushed screen without its way back, an error where a screen
 * opened without its parameter should offer a choice, or a serious or critical axe finding
 * (WCAG 2.1 A and AA: a control without a name, contrast under AA…). The dark sweeps run every
 * rule; a light sweep runs the palette's own, colour contrast: names, roles and text are the same
 * in both palettes, and checking all ~120 screens four times was a quarter of the suite.
 *
 * The first screen of a sweep is a page load, the others are reached in the app, as a person
 * moves (the app's own `navigate`: a history entry the router follows): a full load per screen
 * measured what the shell does at start ~480 times over, and a deep link per screen is
 * tests/browser/shell.test.ts's and device-edges.test.ts's subject.
 */
async function look(page: Page, route: string, theme: string, first: boolean): Promise<string[]> {
  const path = route.split('?')[0] ?? route;
  if (first) await page.goto(`${base}${route}`);
  else
    await page.evaluate(
      `history.pushState({ seansDepth: 1 }, '', ${JSON.stringify(route)}); dispatchEvent(new PopStateEvent('popstate'))`,
    );
  await screen(page, path);
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 15_000,
  });
  const seen = await page.evaluate(
    (at) => ({
      text: document.querySelector(`[data-screen="${at}"]`)?.textContent ?? '',
      width: document.documentElement.scrollWidth,
      back: document.querySelector('[data-testid="nav-back"]') !== null,
      error: document.querySelector('[data-testid="error-state"]')?.textContent ?? null,
      theme: document.documentElement.dataset.theme,
    }),
    path,
  );
  const found: string[] = [];
  const bad = /\bNaN\b|\bundefined\b|Invalid Date|\[object Object\]|Infinity/.exec(seen.text);
  if (bad) found.push(`shows "${bad[0]}"`);
  if (seen.width > 390) found.push(`is ${seen.width} px wide`);
  if (!path.startsWith('/pages/tabbar/') && !seen.back) found.push('has no back button');
  if (seen.error !== null) found.push(`shows an error: ${seen.error}`);
  if (seen.theme !== theme) found.push(`shows the ${seen.theme} palette`);
  for (const { id, help, nodes } of await audit(page, theme === 'light' ? ['color-contrast'] : undefined))
    found.push(`fails axe ${id} (${help}): ${nodes.join('; ')}`);
  return found.map((what) => `${route} ${what}`);
}

/**
 * Every screen of the route table (spec/routes.txt and the screens added since), signed in on a
 * verified funded account, in both languages: with the id or symbol a real link carries, and
 * the detail screens without one too (their chooser), in the dark and the light palette (the
 * setting, stored as a user chooses it on the Mine tab). The start screen moves on after 600 ms
 * (tests/browser/a11y.test.ts reads it); the trade tab's other tickets are a11y.test.ts's too.
 */
const SWEEPS = [
  ['tr-TR', 'dark'],
  ['en-US', 'dark'],
  ['tr-TR', 'light'],
  ['en-US', 'light'],
] as const;

describe.each(SWEEPS)('every product screen in %s, %s, at 390×844', (lang, theme) => {
  let phone: Phone;
  let user: CreatedUser;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Ayşe Yılmaz'],
      cli,
    )) as CreatedUser;
    await operator(['fund', user.userId, '100000', '--reason', 'sweep'], cli);
    await operator(
      ['fund', user.userId, '1000', '--reason', 'sweep', '--wallet', 'coin', '--currency', 'USDT'],
      cli,
    );
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('shows no unresolved figure, no overflow, a way back, no error and no axe finding on any of them', async () => {
    const token = user.userToken;
    const ids = {
      notice: await firstId(token, '/index/notice', 'GET'),
      news: await firstId(token, '/index/news', 'GET'),
      ipo: await firstId(token, '/stock/index/new/list', 'GET'),
      ico: await firstId(token, '/coin/new/list'),
      block: await firstId(token, '/stock/bulk/list'),
      robot: await firstId(token, '/robot/list'),
      ai: await firstId(token, '/stock/ai/list'),
    };
    const query: Record<string, string> = {
      '/pages/stock/index': 'symbol=THYAO',
      '/pages/stock/stockKline': 'symbol=GARAN',
      '/pages/coin/index': 'symbol=BTCUSDT',
      '/pages/coin/coinKline': 'symbol=ETHUSDT',
      '/pages/wallet/bankList': 'type=2',
    };
    // With the id a link carries, and without it too: the chooser such a screen offers then.
    const alsoWith: Record<string, string> = {
      '/pages/stock/option': 'symbol=THYAO',
      '/pages/robot/detail': `id=${ids.robot}`,
      '/pages/ai/detail': `id=${ids.ai}`,
      '/pages/ai/order': `id=${ids.ai}`,
      '/pages/news/detail': `id=${ids.news}`,
      '/pages/notice/detail': `id=${ids.notice}`,
      '/pages/stockIPO/ipoDetail': `id=${ids.ipo}`,
      '/pages/coinICO/icoDetail': `id=${ids.ico}`,
      '/pages/stockBulk/bulkDetail': `id=${ids.block}`,
    };
    const routes = ROUTES.flatMap(({ path, ...route }) => {
      if (!('screen' in route) || path === '/' || path === '/pages/common/start') return [];
      if (query[path]) return [`${path}?${query[path]}`];
      return alsoWith[path] ? [`${path}?${alsoWith[path]}`, path] : [path];
    });
    await signInAs(phone.page, base, user, lang);
    await phone.page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
    const found: string[] = [];
    for (const [i, route] of routes.entries()) found.push(...(await look(phone.page, route, theme, i === 0)));
    expect(found).toEqual([]);
  }, 150_000);
});
