import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { signInAs, userWithFreshPhones } from '../support/browser-session';

const base = inject('baseURL');
/** The market worker's script: the page's largest download after the entry's two files. */
const WORKER = /\/assets\/market\.worker-[^/]+\.js$/;

const world = userWithFreshPhones({ create: ['--kyc', 'approved'], fund: ['1000', '--reason', 'test'] });

type Load = { lcp: number; element: string; worker: number | null };

/** The page's largest paint (its last entry) and when the worker's script was asked for, if it was. */
function readLoad(page: Page): Promise<Load> {
  return page.evaluate(
    (source) =>
      new Promise<Load>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          const last = entries.at(-1);
          const worker = performance
            .getEntriesByType('resource')
            .find((entry) => new RegExp(source).test(entry.name));
          resolve({
            lcp: last?.startTime ?? -1,
            element: last?.element
              ? `${last.element.tagName} ${last.element.closest('[data-testid]')?.getAttribute('data-testid') ?? ''}`
              : '',
            worker: worker ? worker.startTime : null,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    WORKER.source,
  );
}

/**
 * Both screens' largest paint waits for their answers: the market worker (~20 KB of gzip), asked
 * for before it, counted toward it in Lighthouse's simulation. It starts once that paint is
 * behind them, and then the screen follows its streams.
 */
describe("the market worker after a signed-in screen's largest paint (390×844)", () => {
  it('the Trade tab: the worker is asked for after the spot ticket has painted, then the pair streams', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    await page.goto(`${base}/pages/tabbar/trade`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await readLoad(page)).worker, { timeout: 30_000 }).not.toBeNull();
    const load = await readLoad(page);
    expect(load.element, 'the ticket is the largest paint').toMatch(/spot/);
    expect(load.worker).toBeGreaterThan(load.lcp);
    // The book and the pair's ticker follow once it has started: the last price shows.
    await expect.poll(() => page.getByTestId('spot-last').textContent(), { timeout: 30_000 }).toMatch(/\d/);
    await screenshot(page, 'trade-streaming-tr-TR');
  });

  it('the wallet: the worker is asked for after the balances have painted', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'en-US');
    await page.goto(`${base}/pages/user/assets`);
    await screen(page, '/pages/user/assets');
    await page.locator('.balance-row').first().waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await readLoad(page)).worker, { timeout: 30_000 }).not.toBeNull();
    const load = await readLoad(page);
    expect(load.worker).toBeGreaterThan(load.lcp);
    await screenshot(page, 'assets-streaming-en-US');
  });
});
