import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/routes/table';
import { audit } from '../support/axe';
import { openPhone, screen, type Phone } from '../support/browser';
import { callApi, openOrigin, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

/** The screen on show with its content in: its root, then no skeleton left. */
async function settled(page: Page, route: string): Promise<void> {
  await screen(page, route.split('?')[0] ?? route);
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 15_000,
  });
}

/** axe's best-practice rule that every piece of the page sits in a landmark (moderate, not WCAG). */
async function outsideLandmarks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['region'] } });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  });
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const violations = await audit(page);
  expect(violations, `${what}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/**
 * The trade tab's spot and contract tickets. The stock one, and every other screen of the route
 * table signed in in both languages, is tests/browser/screens-sweep.test.ts's walk.
 */
const TRADE_TICKETS = ['coin', 'contract'];
const PUBLIC_SCREENS = ROUTES.flatMap((route) =>
  'screen' in route && route.public && route.path !== '/' && route.path !== '/pages/common/start'
    ? [route.path]
    : [],
);

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** An IPO whose retail window opens `startIn` ms from now (its offline window: the 5 days before). */
async function createIpo(startIn: number): Promise<string> {
  const created = (await operator(
    [
      ...['ipo', 'create', '--symbol', 'ANKYZ', '--name', 'Anka Yazılım Teknolojileri A.Ş.'],
      ...['--price', '42.50', '--lots-retail', '100000', '--lots-institutional', '50000'],
      ...['--min-lots', '1', '--max-lots', '1000', '--start', at(startIn), '--end', at(startIn + 24 * HOUR)],
      ...['--allocation', at(startIn + 26 * HOUR), '--refund', at(startIn + 48 * HOUR)],
      ...['--listing', at(startIn + 72 * HOUR)],
    ],
    cli,
  )) as { id: string };
  return created.id;
}

/** A funded user with a trade password: one application per offering and account, so one a language. */
async function applicant(): Promise<CreatedUser> {
  const made = (await operator(
    ['create-user', '--kyc', 'approved', '--name', 'Ayşe Yılmaz'],
    cli,
  )) as CreatedUser;
  await operator(['fund', made.userId, '100000', '--reason', 'a11y'], cli);
  await operator(
    ['fund', made.userId, '1000', '--reason', 'a11y', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  await callApi(base, made.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: made.password,
  });
  return made;
}

describe('accessibility (axe, WCAG 2.1 AA) at 390×844', () => {
  let phone: Phone;
  let user: CreatedUser;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Ayşe Yılmaz'],
      cli,
    )) as CreatedUser;
    await operator(['fund', user.userId, '100000', '--reason', 'a11y'], cli);
    await callApi(base, user.userToken, '/user/update/tradepwd', {
      password: PIN,
      confirmPassword: PIN,
      loginPassword: user.password,
    });
    await callApi(base, user.userToken, '/user/update', { confirmOrdersWithTradePassword: '1' });
  });
  afterAll(async () => {
    await phone?.close();
  });

  it.each(['tr-TR', 'en-US'])('the trade tab on its spot and contract tickets, in %s', async (lang) => {
    const { page } = phone;
    await signInAs(page, base, user, lang);
    for (const ticket of TRADE_TICKETS) {
      await page.evaluate((type) => localStorage.setItem('systemTradeType', JSON.stringify(type)), ticket);
      await page.goto(`${base}/pages/tabbar/trade`);
      await settled(page, '/pages/tabbar/trade');
      await expectNoViolations(page, `/pages/tabbar/trade (${ticket}) ${lang}`);
    }
    // Landmarks are the same frame on every screen: the last one's stand for all.
    expect(await outsideLandmarks(page)).toEqual([]);
  });

  it('every screen a guest may open, signed out, in Turkish; sign-up and sign-in in English too', async () => {
    const { page } = phone;
    await openOrigin(page, base);
    await page.evaluate(() => localStorage.clear());
    for (const lang of ['tr-TR', 'en-US']) {
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      // Every one in Turkish, the longer language; sign-up and sign-in in English too.
      for (const route of lang === 'tr-TR'
        ? PUBLIC_SCREENS
        : ['/pages/account/reg', '/pages/account/login']) {
        await page.goto(`${base}${route}`);
        await settled(page, route);
        await expectNoViolations(page, `${route} ${lang}`);
      }
      // The start screen moves on after 600 ms: its headings are read in the page as it shows.
      await page.goto(`${base}/`);
      const headings = await page.waitForFunction(
        () =>
          document.querySelector('[data-screen="/"]') &&
          [...document.querySelectorAll('h1')].map((h) => h.textContent),
      );
      expect(await headings.jsonValue(), `/ ${lang}`).toEqual(['Seans']);
    }
  });

  it('the order confirmation sheet, in English: named, focus in, Tab kept in, Escape back to the button', async () => {
    const { page } = phone;
    await signInAs(page, base, user, 'en-US');
    await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await page.getByTestId('ticket-cash').waitFor();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('1');
    const submit = page.getByTestId('ticket-submit');
    await submit.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Confirm order' });
    await sheet.waitFor();
    expect(await sheet.getAttribute('aria-modal')).toBe('true');
    await expectNoViolations(page, 'confirm sheet');

    const inSheet = () =>
      page.evaluate(() =>
        Boolean(document.querySelector('[data-testid="confirm-sheet"]')?.contains(document.activeElement)),
      );
    expect(await inSheet()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inSheet(), key).toBe(true);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await submit.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('an IPO application and an offline (institutional) one: form, confirmation, result, in both languages', async () => {
    const { page } = phone;
    // Retail applications are taken in the subscription window, offline ones in the 5 days before it.
    const retail = await createIpo(-60_000);
    const offline = await createIpo(24 * HOUR);
    for (const lang of ['tr-TR', 'en-US']) {
      await signInAs(page, base, await applicant(), lang);
      for (const [query, lots, done] of [
        [`id=${retail}`, '10', 'order-done'],
        [`id=${offline}&channel=offline`, '100', 'offline-done'],
      ] as const) {
        const what = `ipoOrder?${query} ${lang}`;
        await page.goto(`${base}/pages/stockIPO/ipoOrder?${query}`);
        await settled(page, '/pages/stockIPO/ipoOrder');
        await page.getByTestId('order-lots-input').fill(lots);
        await expectNoViolations(page, what);
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-confirm-password').fill(PIN);
        await expectNoViolations(page, `${what}, confirmation`);
        await page.getByTestId('order-confirm-submit').click();
        await page.getByTestId(done).waitFor();
        await expectNoViolations(page, `${what}, result`);
      }
      // Where the institutional result leads: my institutional applications.
      await page.getByTestId('offline-done-mine').click();
      await page.getByTestId('offline-application-list').waitFor();
      await expectNoViolations(page, `stockIPO/list?channel=offline ${lang}`);
    }
  });

  it('a coin sale commitment: form, confirmation, result, in both languages', async () => {
    const { page } = phone;
    const open = (await callApi(base, user.userToken, '/coin/new/today', {})) as { list: { id: string }[] };
    const sale = open.list[0];
    expect(sale, 'a seeded coin sale is open').toBeDefined();
    for (const lang of ['tr-TR', 'en-US']) {
      const what = `icoOrder ${lang}`;
      await signInAs(page, base, await applicant(), lang);
      await page.goto(`${base}/pages/coinICO/icoOrder?id=${sale!.id}`);
      await settled(page, '/pages/coinICO/icoOrder');
      await page.getByTestId('commit-amount-input').fill('100');
      await expectNoViolations(page, what);
      await page.getByTestId('commit-submit').click();
      await page.getByTestId('commit-confirm-password').fill(PIN);
      await expectNoViolations(page, `${what}, confirmation`);
      await page.getByTestId('commit-confirm-submit').click();
      await page.getByTestId('commit-done').waitFor();
      await expectNoViolations(page, `${what}, result`);
    }
  });
});
