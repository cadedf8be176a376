import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openOrigin } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

/** Screens of the accounts work; detail routes get a real id from the API. */
const GUEST_ROUTES = [
  '/pages/account/reg',
  '/pages/account/login',
  '/pages/account/coinLogin',
  '/pages/account/forgot',
];
const SIGNED_IN_ROUTES = [
  '/pages/tabbar/mine',
  '/pages/user/userInfo',
  '/pages/user/security',
  '/pages/user/loginPassword',
  '/pages/user/tradePassword',
  '/pages/user/email',
  '/pages/user/account',
  '/pages/user/ipoSwitch',
  '/pages/user/privacy',
  '/pages/user/kyc',
  '/pages/user/assets',
  '/pages/user/message',
  '/pages/notice/list',
  '/pages/notice/detail',
  '/pages/news/list',
  '/pages/news/detail',
];

async function firstId(path: string): Promise<string> {
  const answer = await (await fetch(`${base}/ipxtrg-api${path}`)).json();
  return String(answer.data.list[0].id);
}

describe.each(['tr-TR', 'en-US'] as const)('accounts screens in %s at 390×844', (lang) => {
  let phone: Phone;
  let user: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(['create-user'], cli)) as Record<string, string>;
    ids['/pages/notice/detail'] = await firstId('/index/notice');
    ids['/pages/news/detail'] = await firstId('/index/news');
  });
  afterAll(async () => {
    await phone?.close();
  });

  async function visit(route: string): Promise<void> {
    const { page } = phone;
    const query = ids[route] ? `?id=${ids[route]}` : '';
    await page.goto(`${base}${route}${query}`);
    await screen(page, route);
    // Content settles: no skeleton left on screen.
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
      timeout: 10_000,
    });
    const text = await page.locator(`[data-screen="${route}"]`).innerText();
    expect(text, route).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]/);
    await screenshot(phone.page, `accounts${route.replaceAll('/', '-')}-${lang}`);
  }

  it('renders each guest screen', async () => {
    await openOrigin(phone.page, base);
    await phone.page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
    for (const route of GUEST_ROUTES) await visit(route);
  });

  it('renders each signed-in screen', async () => {
    await phone.page.evaluate(
      ({ l, real, demo }) => {
        localStorage.setItem('lang', JSON.stringify(l));
        localStorage.setItem('userToken', JSON.stringify(real));
        localStorage.setItem('userTokenReal', JSON.stringify(real));
        localStorage.setItem('userTokenDemo', JSON.stringify(demo));
      },
      { l: lang, real: user.userToken ?? '', demo: user.userTokenDemo ?? '' },
    );
    for (const route of SIGNED_IN_ROUTES) await visit(route);
  });
});
