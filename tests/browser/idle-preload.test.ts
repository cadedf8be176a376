import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
/** The quiet the first load's size budget counts until (scripts/bundle-budget.mjs). */
const BUDGET_QUIET_MS = 1_500;

/** The files the page has modulepreload or preload links for, in the order they were added. */
function preloadLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
}

const linkTo = (chunk: string) => `link[rel="modulepreload"][href^="/assets/${chunk}-"]`;

describe('the next screens’ code, fetched while the first one is read (390×844)', () => {
  let user: CreatedUser;
  let phone: Phone;

  beforeAll(async () => {
    user = (await operator(['create-user'], cli)) as CreatedUser;
  });
  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });

  it('starts only after the first screen has settled, and a tab tapped then fetches none of its code', async () => {
    const { page } = phone;
    await signInAs(page, base, user, 'tr-TR');
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.locator(linkTo('markets-screen')).waitFor({ state: 'attached', timeout: 20_000 });

    // The queue's own chunk is the idle preload's first request: nothing of the page arrived in
    // the budget's quiet before it, so the first load's budget counts none of it.
    const { queueStart, lastBefore } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const queue = entries.find((entry) => new URL(entry.name).pathname.includes('/preload-queue-'));
      if (!queue) return { queueStart: -1, lastBefore: -1 };
      const before = entries.filter((entry) => entry !== queue && entry.responseEnd <= queue.startTime);
      return {
        queueStart: queue.startTime,
        lastBefore: Math.max(0, ...before.map((entry) => entry.responseEnd)),
      };
    });
    expect(queueStart, 'the preload queue was fetched').toBeGreaterThan(0);
    expect(queueStart - lastBefore).toBeGreaterThanOrEqual(BUDGET_QUIET_MS);

    // Its files arrive; the tap then asks the network for none of them.
    await page.waitForFunction(
      (selector) => {
        const link = document.querySelector<HTMLLinkElement>(selector);
        return (
          link !== null &&
          performance
            .getEntriesByName(link.href)
            .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
        );
      },
      linkTo('markets-screen'),
      { timeout: 20_000 },
    );
    const preloaded = new Set(await preloadLinks(page));
    const tapped = await page.evaluate(() => {
      const at = performance.now();
      document.querySelector<HTMLElement>('[data-testid="tab-markets"]')?.click();
      return at;
    });
    await screen(page, '/pages/tabbar/markets');
    const refetched = await page.evaluate(
      ({ tapped, files }) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime >= tapped && entry.transferSize > 0)
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => files.includes(file)),
      { tapped, files: [...preloaded] },
    );
    expect(refetched).toEqual([]);
  });

  it('fetches no account screen’s code for a guest, whom such a screen sends to login', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    // The last public screen of the list: the queue has passed the account ones by then.
    await page.locator(linkTo('about-screen')).waitFor({ state: 'attached', timeout: 30_000 });
    const links = await preloadLinks(page);
    expect(links.some((file) => file.startsWith('/assets/ipo-tab-screen-'))).toBe(true);
    for (const account of ['trade-screen-', 'recharge-screen-', 'security-screen-', 'robot-screens-'])
      expect(links.filter((file) => file.startsWith(`/assets/${account}`))).toEqual([]);
  });

  it('fetches the drawer rows’ screens first once the drawer opens', async () => {
    const { page } = phone;
    await signInAs(page, base, user, 'en-US');
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.locator('[data-testid="drawer-open"]').click();
    await page.locator('[data-testid="drawer-deposit"]').waitFor({ state: 'visible' });
    await page.locator(linkTo('recharge-screen')).waitFor({ state: 'attached', timeout: 20_000 });
    const links = await preloadLinks(page);
    const deposit = links.findIndex((file) => file.startsWith('/assets/recharge-screen-'));
    const markets = links.findIndex((file) => file.startsWith('/assets/markets-screen-'));
    expect(markets === -1 || markets > deposit, JSON.stringify(links)).toBe(true);
  });
});
