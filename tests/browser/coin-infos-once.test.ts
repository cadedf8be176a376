import type { Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin, prefer } from '../support/browser-session';

const base = inject('baseURL');
const COIN = '/pages/coin/index';
const INFOS = '/ipxtrg-api/coin/infos';

/**
 * A coin's own screen reads the pairs (/coin/infos) for the pair's facts, and hands their price
 * scales to the market worker (src/market/coin-scales.ts), which starts the pair's streams with
 * them instead of asking the broker for the same answer again.
 */
describe("the coin screen's pairs, asked once (390×844)", () => {
  let phone: Phone;
  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });

  it.each(['tr-TR', 'en-US'])(
    '%s: BTCUSDT streams live with the one answer the page asked for',
    async (lang) => {
      const { page } = phone;
      await openOrigin(page, base);
      await prefer(page, lang, 'light');
      let asked = 0;
      // The context's requests: the worker's own fetches are among them.
      const count = (request: Request) => {
        if (new URL(request.url()).pathname === INFOS) asked += 1;
      };
      page.context().on('request', count);
      try {
        await page.goto(`${base}${COIN}?symbol=BTCUSDT`);
        await screen(page, COIN);
        // The price streams once the worker knows the pair's scale: live, not waiting for it.
        await page.locator('[data-testid="quote"][data-state="live"]').waitFor({ timeout: 30_000 });
        await page.getByTestId('quote-price').filter({ hasNotText: '--' }).waitFor();
        expect(asked).toBe(1);
        await screenshot(page, `coin-infos-once-${lang}`);
      } finally {
        page.context().off('request', count);
      }
    },
  );
});
