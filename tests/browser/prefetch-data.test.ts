import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { KEPT_FOR_TAP_MS } from '../../src/routes/kept-for-tap';
import { openPhone, screen, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
/** The IPO tab's first GETs, as src/routes/first-calls.ts names them. */
const IPO_CALLS = [
  '/ipxtrg-api/stock/index/new/today',
  '/ipxtrg-api/stock/index/new/list/coming',
  '/ipxtrg-api/stock/index/new/list',
  '/ipxtrg-api/stock/index/offline/today',
];

/** The spot ticket's first reads (src/screens/contract/spot-first-calls.ts), the Trade tab's. */
const SPOT_CALLS = ['/ipxtrg-api/coin/infos', '/ipxtrg-api/coin/assets'];
/** Where the page's fetch calls of SPOT_CALLS are noted, with the page's clock at each. */
const NOTED = '__spotAsked';
/** Where the page notes the time of the first click. */
const TAPPED = '__tappedAt';

let phone: Phone;
beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

/** Resolves once the screen at `route` shows content: no skeleton or busy mark left in it. */
async function content(page: Phone['page'], route: string): Promise<void> {
  await page.locator(`[data-screen="${route}"]`).waitFor({ timeout: 60_000 });
  await page.waitForFunction((path) => {
    const root = document.querySelector(`[data-screen="${path}"]`);
    return (
      !!root &&
      !root.querySelector('.skeleton, [class*="skeleton"], [aria-busy="true"]') &&
      (root.textContent ?? '').trim().length > 0
    );
  }, route);
}

describe("a screen's first answers, asked for on a press of its link (390×844)", () => {
  it('the IPO tab shows its lists with none of their requests started after the tap', async () => {
    const { page } = phone;
    await page.clock.install();
    const asked: { path: string; at: number }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (IPO_CALLS.includes(url.pathname)) asked.push({ path: url.pathname, at: Date.now() });
    });
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    expect(asked).toEqual([]);
    // Focused now: a window gaining focus later, under the open IPO tab, has its lists read anew.
    await page.bringToFront();

    // A finger over the tab (pointerover, as before a press) fetches the screen's code and starts
    // its four calls...
    await page.getByTestId('tab-ipo').hover();
    await page
      .locator('link[rel="modulepreload"][href^="/assets/ipo-tab-screen-"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(IPO_CALLS.length);
    // Answers are taken up to FRESH_FOR_MS after they were asked for (KEPT_FOR_TAP_MS once the idle
    // app has kept them for a tap), and on a loaded machine the code above may take longer: the
    // tap comes after a second hover, once those are stale, which asks anew.
    // The page's clock (installed before it loaded, running as a real one) jumps past it at once
    // and then stands still until the tap: on a loaded machine the seconds Playwright takes
    // between the second asks and the click would otherwise let them go stale too (a full run
    // once saw the click's own hover ask all four again), which is the app keeping answers
    // fresh, not a prefetch the tap missed.
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(pageNow + KEPT_FOR_TAP_MS + 100);
    await page.mouse.move(0, 0);
    await page.getByTestId('tab-ipo').hover();
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(2 * IPO_CALLS.length);
    expect(asked.map((a) => a.path).sort()).toEqual([...IPO_CALLS, ...IPO_CALLS].sort());

    // ...and the tap finds them: the screen shows its lists and asks for none of them again.
    const tappedAt = Date.now();
    await page.getByTestId('tab-ipo').click();
    // Running again for the screen's own timers: the answers are milliseconds old by its clock.
    await page.clock.resume();
    await content(page, '/pages/tabbar/ipo');
    const shownAt = Date.now();
    // Asked between the tap and the lists on screen. A read after they show is the screen keeping
    // them fresh (a window focus arriving more than 2 s after its first read, as one did once in
    // a full run: all four at one instant), not a prefetch the tap missed.
    expect(asked.filter((a) => a.at >= tappedAt && a.at <= shownAt)).toEqual([]);
  });

  it('Deposit, a drawer button with no link to press, has its answer asked for as the app goes there', async () => {
    const { page } = phone;
    const user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Deneme Kişi'],
      cli,
    )) as CreatedUser;
    await signInAs(page, base, user, 'tr-TR');
    const STATUS = '/ipxtrg-api/user/recharge/status';
    let asked = 0;
    let dataAsked!: () => void;
    const askedOnce = new Promise<void>((resolve) => {
      dataAsked = resolve;
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== STATUS) return;
      asked += 1;
      dataAsked();
    });
    // The screen's code is held back until its answer has been asked for: only a call started
    // ahead of the code, by the navigation itself, lets the screen open at all.
    await page.route('**/assets/recharge-screen-*.js', async (route) => {
      await askedOnce;
      await route.continue();
    });
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    // Focused now, not during the screen's read: a window gaining focus has a screen read anew.
    await page.bringToFront();
    // A finger over a tab loads the prefetching code, which from then on follows navigation too:
    // the tab's own calls going out say it has arrived.
    const ipoAsked = page.waitForRequest((request) => IPO_CALLS.includes(new URL(request.url()).pathname), {
      timeout: 30_000,
    });
    await page.getByTestId('tab-ipo').hover();
    await ipoAsked;

    await page.getByTestId('drawer-open').click();
    await page.getByTestId('drawer-deposit').click();
    await content(page, '/pages/recharge/recharge');
    // Asked once by the time it shows: the screen took the answer the navigation had asked for.
    expect(asked).toBe(1);
  });

  it("the Trade tab, tapped after the app went idle on Home, asks neither of the ticket's first reads", async () => {
    const { page } = phone;
    const user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Deneme Kişi'],
      cli,
    )) as CreatedUser;
    await signInAs(page, base, user, 'tr-TR');
    // Every fetch of the page's own (the worker's are not the tab's) and the tap, on one clock.
    await page.addInitScript(
      ([calls, noted, tapped]) => {
        const asked: { path: string; at: number }[] = [];
        const holder = globalThis as unknown as Record<string, unknown>;
        holder[noted] = asked;
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input), location.href);
          if (calls.includes(url.pathname)) asked.push({ path: url.pathname, at: performance.now() });
          return original(input, init);
        };
        addEventListener('click', () => (holder[tapped] ??= performance.now()), { capture: true });
      },
      [SPOT_CALLS, NOTED, TAPPED] as const,
    );
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    // Idle: once the network has been quiet the app asks the tabs' first reads, the Trade tab's
    // coin wallet among them (nothing on Home asks for it).
    await page.waitForFunction(
      ([noted, path]) =>
        ((globalThis as unknown as Record<string, { path: string }[]>)[noted] ?? []).some(
          (a) => a.path === path,
        ),
      [NOTED, '/ipxtrg-api/coin/assets'] as const,
      { timeout: 60_000 },
    );

    await page.getByTestId('tab-trade').click();
    // The ticket is a skeleton until both answers are in: its balance line says they are.
    const shown = await page.waitForFunction(
      (route) =>
        !!document.querySelector(
          `[data-screen="${route}"] [data-testid="spot-panel"] [data-testid="spot-available"]`,
        ) && performance.now(),
      '/pages/tabbar/trade',
      { timeout: 60_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    const { asked, tappedAt } = await page.evaluate(
      ([noted, tapped]) => {
        const holder = globalThis as unknown as Record<string, unknown>;
        return { asked: holder[noted] as { path: string; at: number }[], tappedAt: holder[tapped] as number };
      },
      [NOTED, TAPPED] as const,
    );
    expect(tappedAt).toBeGreaterThan(0);
    // Both were asked before the tap; none between it and the ticket on screen. A read after that
    // is the ticket's own refresh (a resync of the private stream), not a kept answer missed.
    expect(asked.filter((a) => a.at < tappedAt).map((a) => a.path)).toEqual(
      expect.arrayContaining(SPOT_CALLS),
    );
    expect(asked.filter((a) => a.at >= tappedAt && a.at <= shownAt)).toEqual([]);
  });
});
