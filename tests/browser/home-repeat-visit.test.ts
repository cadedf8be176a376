import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPhone } from '../support/browser-session';
import { screen, screenshot } from '../support/browser';

const base = inject('baseURL');
const HOME = '/pages/tabbar/home';
const MARKETS = '/pages/tabbar/markets';
/** What the app marks as still loading (the nav bench's test for content). */
const BUSY = '.skeleton, [class*="skeleton"], [aria-busy="true"], .pending-screen';
/** Each read of the API held this long: what a repeat visit shows at once cannot have come from it. */
const SLOW_MS = 1_500;

/** Waits until Home shows its lists and card with nothing still loading. */
async function homeLoaded(page: Page): Promise<void> {
  await screen(page, HOME);
  await page.waitForFunction(
    ([home, busy]) => {
      const root = document.querySelector(`[data-screen="${home}"]`);
      return !!root && !root.querySelector(busy) && !!root.querySelector('[data-testid="home-coins"]');
    },
    [HOME, BUSY] as const,
  );
}

type FirstSeen = {
  /** Parts still loading in Home's first frame, and whether its lists above the fold had rows. */
  busy: number;
  lists: boolean;
  total: string;
  /** The coins' list (below the fold, drawn after that frame): parts loading as it appeared, and its rows. */
  coinsBusy: number;
  coins: boolean;
};

/**
 * Taps the Home tab and reports what Home's root held when it first appeared, and what the coins'
 * list held when it appeared (in that frame or, below the fold, after it).
 */
function tapHome(page: Page): Promise<FirstSeen> {
  return page.evaluate(
    ([home, busy]) =>
      new Promise((resolve) => {
        let first: Pick<FirstSeen, 'busy' | 'lists' | 'total'> | null = null;
        const seen = () => {
          const root = document.querySelector(`[data-screen="${home}"]`);
          if (!root) return;
          first ??= {
            busy: root.querySelectorAll(busy).length,
            lists: ['home-indices', 'home-hot'].every(
              (id) => !!root.querySelector(`[data-testid="${id}"] a[href]`),
            ),
            total: root.querySelector('[data-testid="portfolio-total"]')?.textContent ?? '',
          };
          const coins = root.querySelector('[aria-labelledby="home-coins-title"]');
          if (!coins) return;
          observer.disconnect();
          resolve({
            ...first,
            coinsBusy: coins.querySelectorAll(busy).length,
            coins: !!coins.querySelector('[data-testid="home-coins"] a[href]'),
          });
        };
        const observer = new MutationObserver(seen);
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector<HTMLElement>('[data-testid="tab-home"]')?.click();
      }),
    [HOME, BUSY] as const,
  );
}

describe.each(['tr-TR', 'en-US'] as const)('Home opened again (%s)', (lang) => {
  const signedIn = signedInPhone({ fund: ['100000', '--reason', 'home repeat visit'], lang });

  it('shows its lists and portfolio in its first render, before any answer of the visit', async () => {
    const { page } = signedIn.phone;
    await page.goto(`${base}${HOME}`);
    await homeLoaded(page);
    const shownBefore = await page.getByTestId('portfolio-total').textContent();
    await page.getByTestId('tab-markets').click();
    await screen(page, MARKETS);
    await page.route('**/ipxtrg-api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      await route.continue().catch(() => undefined);
    });
    try {
      const first = await tapHome(page);
      expect(first).toEqual({ busy: 0, lists: true, total: shownBefore, coinsBusy: 0, coins: true });
      await homeLoaded(page);
      await screenshot(page, `home-repeat-visit-${lang}`);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
