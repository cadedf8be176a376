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
/** Its own: a withdrawal password may not be the trade password. */
const WITHDRAW_PIN = '135790';

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

/**
 * Every WCAG rule in the dark palette; in the light one its own rule, colour contrast: names,
 * roles, focus and text do not change with the palette (screens-sweep.test.ts does the same).
 */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  const light = await page.evaluate(() => document.documentElement.dataset.theme === 'light');
  const violations = await audit(page, light ? ['color-contrast'] : undefined);
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

/** Controls a screen reader reaches outside the dialog named `name` (Chromium's accessibility tree). */
async function reachableBehind(page: Page, name: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const dialog = nodes.find((node) => node.role?.value === 'dialog' && node.name?.value === name);
  const inside = new Set<string>();
  for (const pending = [dialog?.nodeId]; pending.length > 0;) {
    const id = pending.pop();
    if (id === undefined || inside.has(id)) continue;
    inside.add(id);
    pending.push(...(byId.get(id)?.childIds ?? []));
  }
  return nodes
    .filter(
      (node) =>
        !node.ignored &&
        !inside.has(node.nodeId) &&
        ['button', 'link', 'tab', 'textbox', 'radio', 'checkbox', 'combobox'].includes(
          String(node.role?.value),
        ),
    )
    .map((node) => `${String(node.role?.value)}: ${String(node.name?.value)}`);
}

/**
 * What a keyboard and screen-reader user needs of a sheet before money moves (WAI-ARIA's modal
 * dialog): `opener`, pressed with Enter, opens a modal dialog named `name`, axe finds nothing in
 * it; focus is in it, Tab and Shift+Tab keep it there, the page behind is out of the
 * accessibility tree (a screen reader's swipe reaches only the sheet), and Escape closes it with
 * focus back on `opener`.
 */
async function expectModalSheet(page: Page, opener: string, name: string): Promise<void> {
  const button = page.getByTestId(opener);
  await button.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name });
  await sheet.waitFor();
  expect(await sheet.getAttribute('aria-modal'), name).toBe('true');
  await expectNoViolations(page, name);

  const inSheet = () => sheet.evaluate((dialog) => dialog.contains(document.activeElement));
  expect(await inSheet(), `${name}: focus in`).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await inSheet(), `${name}: ${key}`).toBe(true);
  }
  expect(await reachableBehind(page, name), `${name}: reachable behind it`).toEqual([]);

  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  const back = await button.evaluate((element) => element === document.activeElement);
  expect(back, `${name}: focus back on what opened it`).toBe(true);
}

/** Each language in the dark palette and in the light one (the appearance setting, stored). */
const PALETTES = [
  ['tr-TR', 'dark'],
  ['en-US', 'dark'],
  ['tr-TR', 'light'],
  ['en-US', 'light'],
] as const;

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Catalogue IPO stocks no other browser test offers: one offering each, as a symbol is offered
 * once at a time (three offerings a palette, both palettes).
 */
const CANDIDATES = ['BRSOT', 'KNYSU', 'VANGD', 'GAPEN', 'KARSP', 'TRBZN'];

/** An IPO whose retail window opens `startIn` ms from now (its offline window: the 5 days before). */
async function createIpo(startIn: number): Promise<string> {
  const created = (await operator(
    [
      ...['ipo', 'create', '--symbol', CANDIDATES.shift() ?? '', '--name', 'Yeni Arz A.Ş.'],
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
    // For the withdrawal, exchange and robot sheets: a withdrawal password, a card, some USDT.
    await callApi(base, user.userToken, '/user/update/withdrawpwd', {
      password: WITHDRAW_PIN,
      confirmPassword: WITHDRAW_PIN,
      loginPassword: user.password,
    });
    await callApi(base, user.userToken, '/bank/add', {
      accountNumber: 'TR130006200000000000000002',
      holderName: 'Ayşe Yılmaz',
    });
    await operator(
      ['fund', user.userId, '1000', '--reason', 'a11y', '--wallet', 'coin', '--currency', 'USDT'],
      cli,
    );
  });
  afterAll(async () => {
    await phone?.close();
  });

  it.each(PALETTES)('the trade tab on its spot and contract tickets, in %s, %s', async (lang, theme) => {
    const { page } = phone;
    await signInAs(page, base, user, lang);
    await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
    for (const ticket of TRADE_TICKETS) {
      await page.evaluate((type) => localStorage.setItem('systemTradeType', JSON.stringify(type)), ticket);
      await page.goto(`${base}/pages/tabbar/trade`);
      await settled(page, '/pages/tabbar/trade');
      await expectNoViolations(page, `/pages/tabbar/trade (${ticket}) ${lang} ${theme}`);
    }
    // Landmarks are the same frame on every screen: the last one's stand for all.
    expect(await outsideLandmarks(page)).toEqual([]);
  });

  it('every screen a guest may open, signed out, in Turkish; sign-up and sign-in in English too; in both palettes', async () => {
    const { page } = phone;
    await openOrigin(page, base);
    await page.evaluate(() => localStorage.clear());
    for (const [lang, theme] of PALETTES) {
      await page.evaluate(
        ({ l, t }) => {
          localStorage.setItem('lang', JSON.stringify(l));
          localStorage.setItem('theme', JSON.stringify(t));
        },
        { l: lang, t: theme },
      );
      // Every one in Turkish, the longer language; sign-up and sign-in in English too.
      // A page load for the first, the app's own navigation for the others (as screens-sweep).
      const routes = lang === 'tr-TR' ? PUBLIC_SCREENS : ['/pages/account/reg', '/pages/account/login'];
      for (const [i, route] of routes.entries()) {
        if (i === 0) await page.goto(`${base}${route}`);
        else
          await page.evaluate(
            `history.pushState({ seansDepth: 1 }, '', ${JSON.stringify(route)}); dispatchEvent(new PopStateEvent('popstate'))`,
          );
        await settled(page, route);
        await expectNoViolations(page, `${route} ${lang} ${theme}`);
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
  }, 120_000);

  it.each(['dark', 'light'])(
    'every sheet before money moves, in English, %s: named, focus in and kept, the page behind out of reach, Escape back',
    async (theme) => {
      const { page } = phone;
      const ipo = await createIpo(-60_000);
      const sale = (
        (await callApi(base, user.userToken, '/coin/new/today', {})) as { list: { id: string }[] }
      ).list[0];
      await signInAs(page, base, user, 'en-US');
      await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
      const sheets: { route: string; fill: () => Promise<void>; opener: string; name: string }[] = [
        {
          route: '/pages/tabbar/trade?symbol=THYAO&side=buy',
          fill: async () => {
            await page.getByTestId('ticket-cash').waitFor();
            await page.getByTestId('ticket-type-market').click();
            await page.getByTestId('ticket-qty').fill('1');
          },
          opener: 'ticket-submit',
          name: 'Confirm order',
        },
        {
          route: '/pages/withdraw/bankWithdraw',
          fill: async () => {
            await page.getByTestId('withdraw-amount').fill('1000');
            await page.getByTestId('withdraw-receive').waitFor();
          },
          opener: 'withdraw-submit',
          name: 'Confirm withdrawal',
        },
        {
          route: '/pages/exchange/exchange',
          fill: async () => {
            await page.getByTestId('exchange-amount').fill('100');
            await page.getByTestId('exchange-quote').click();
          },
          opener: 'quote-confirm',
          name: 'Confirm exchange',
        },
        {
          route: `/pages/stockIPO/ipoOrder?id=${ipo}`,
          fill: () => page.getByTestId('order-lots-input').fill('10'),
          opener: 'order-submit',
          name: 'Confirm your application',
        },
        {
          route: `/pages/coinICO/icoOrder?id=${sale?.id}`,
          fill: () => page.getByTestId('commit-amount-input').fill('100'),
          opener: 'commit-submit',
          name: 'Confirm your commitment',
        },
        {
          route: '/pages/stock/option?symbol=THYAO',
          fill: async () => {
            await page.getByTestId('option-contracts').fill('1');
            // The ticket takes the press once the worker's first quote is in (its total shown).
            await expect.poll(() => page.getByTestId('fig-total').textContent()).toMatch(/\d/);
          },
          opener: 'option-submit',
          name: 'Confirm option purchase',
        },
        {
          route: '/pages/robot/detail?id=1',
          fill: async () => {
            await page.getByTestId('robot-amount').fill('250');
            await page.getByTestId('robot-days').fill('2');
          },
          opener: 'robot-buy-submit',
          name: 'Confirm robot purchase',
        },
        {
          route: '/pages/user/loan',
          fill: async () => {
            await page.getByTestId('loan-amount').fill('20000');
            await page.getByTestId('loan-days-30').click();
          },
          opener: 'loan-apply',
          name: 'Confirm your loan application',
        },
      ];
      for (const { route, fill, opener, name } of sheets) {
        await page.goto(`${base}${route}`);
        await settled(page, route);
        await fill();
        await expectModalSheet(page, opener, name);
      }
    },
    90_000,
  );

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
