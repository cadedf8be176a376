import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { signInAs, userWithFreshPhones } from '../support/browser-session';

const base = inject('baseURL');
const ASSETS = '/pages/user/assets';
/** How a script that carries zod's code is told (trade-first-paint.test.ts does the same). */
const CARRIES_ZOD = 'ZodError';

const world = userWithFreshPhones({ create: ['--kyc', 'approved'], fund: ['1000', '--reason', 'test'] });

declare global {
  interface Window {
    /** When the wallet's first balance row entered the page (performance.now()). */
    firstBalanceRowAt?: number;
  }
}

describe("the wallet's first paint, signed in, without zod (390×844)", () => {
  it.each(['tr-TR', 'en-US'])(
    '%s: no script that carries zod is asked for before the first balance row shows',
    async (lang) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      await page.addInitScript(() => {
        const seen = () => {
          if (window.firstBalanceRowAt !== undefined || !document.querySelector('.balance-row')) return false;
          window.firstBalanceRowAt = performance.now();
          return true;
        };
        new MutationObserver((_, observer) => {
          if (seen()) observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      // Every script is read on its way to tell zod's apart (`later-zod` today, whatever its name).
      const zodScripts = new Set<string>();
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes(CARRIES_ZOD)) zodScripts.add(route.request().url());
        await route.fulfill({ response, body });
      });
      await page.goto(`${base}${ASSETS}`);
      await screen(page, ASSETS);
      await page.getByTestId('assets-row-stock-TRY').waitFor({ timeout: 30_000 });
      const { rowAt, asked } = await page.evaluate(
        (urls) => ({
          rowAt: window.firstBalanceRowAt ?? null,
          asked: performance
            .getEntriesByType('resource')
            .filter((entry) => urls.includes(entry.name))
            .map((entry) => ({ url: new URL(entry.name).pathname, at: entry.startTime })),
        }),
        [...zodScripts],
      );
      expect(rowAt).not.toBeNull();
      expect(
        asked.filter((script) => rowAt === null || script.at < rowAt),
        'scripts with zod asked for before the first balance row',
      ).toEqual([]);
      // The wallet shows the funding in its language (the total's figure, formatted as text).
      await expect
        .poll(() => page.getByTestId('assets-row-stock-TRY-total').textContent())
        .toMatch(/1[.,]000[.,]00/);
      await screenshot(page, `assets-zod-first-paint-${lang}`);
    },
  );
});
