import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { signInAs, userWithFreshPhones } from '../support/browser-session';

const base = inject('baseURL');
const ASSETS = '/pages/user/assets';
const ASSETS_CHUNK = /^\/assets\/assets-screen-[^/]*\.js$/;
/** The screen's first answer, the wallet's balances. */
const BALANCES = '/ipxtrg-api/user/assets';
/** decimal.js's chunk (vite-plugins/ticket-chunks.ts): the wallet's figures are formatted as text, without it. */
const DECIMAL_CHUNK = /^\/assets\/decimal-js-[^/]*\.js$/;
/** How long the entry is held back at most, waiting for the screen's chunk to be asked for. */
const HOLD_MS = 20_000;

const world = userWithFreshPhones({ create: ['--kyc', 'approved'] });

describe("the wallet's first load, signed in (390×844)", () => {
  it.each(['tr-TR', 'en-US'])(
    "%s: the screen's chunk and balances are asked for beside the entry, before it has run; decimal.js is not",
    async (lang) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      let release = () => undefined as void;
      const asked = new Promise<void>((resolve) => (release = resolve));
      const seen = new Set<string>();
      const decimal: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (DECIMAL_CHUNK.test(path)) decimal.push(path);
        if (ASSETS_CHUNK.test(path)) seen.add('chunk');
        if (path === BALANCES) seen.add('balances');
        if (seen.size === 2) release();
      });
      // Found only by the route table's loader and the screen, which the entry runs, the chunk and
      // the balances would never be asked for while the entry is held.
      let askedBeforeEntry = false;
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        askedBeforeEntry ||= await Promise.race([
          asked.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HOLD_MS)),
        ]);
        await route.continue();
      });
      await page.goto(`${base}${ASSETS}`);
      await screen(page, ASSETS);
      await page.locator('.balance-row').first().waitFor({ timeout: 30_000 });
      expect(askedBeforeEntry).toBe(true);
      expect(decimal, 'decimal.js asked for before the balances showed').toEqual([]);
      await screenshot(page, `assets-first-paint-${lang}`);
    },
  );
});
