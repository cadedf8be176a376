import Decimal from 'decimal.js';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium on the real broker: the options ticket's simulated returns. Today at today's price
// the view reads the worker's own quote (P&L about 0); dragged to expiry it reads the intrinsic
// value less the premium; at the top of the price range the strike's distance. In both languages
// and both themes, screenshotted for a person to look at.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

let phone: Phone;
let user: CreatedUser;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '50000', '--reason', 'options simulated-returns browser test'], cli);
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

/** A figure as shown ("₺1.234,5600" in tr-TR, "-₺12.34" in en-US) as a Decimal. */
function figure(text: string | null, locale: string): Decimal {
  const raw = (text ?? '').match(/-?[\d.,]+/)?.[0] ?? 'NaN';
  const canonical = locale === 'tr-TR' ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  const sign = /^-|^−/.test((text ?? '').trim()) ? -1 : 1;
  return new Decimal(canonical).abs().times(sign);
}

/** Moves a slider as a keyboard user does: focus it, press a key. */
async function slide(slider: Locator, key: 'End' | 'Home'): Promise<void> {
  await slider.focus();
  await slider.press(key);
}

describe.each([
  ['tr-TR', 'dark'],
  ['tr-TR', 'light'],
  ['en-US', 'dark'],
  ['en-US', 'light'],
] as const)('simulated returns in %s, %s theme', (locale, theme) => {
  it('reads the quote now, intrinsic − premium at expiry, and the strike’s distance at the top', async () => {
    const { page } = phone;
    await signInAs(page, base, user, locale);
    await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
    await page.goto(`${base}/pages/stock/option?symbol=THYAO`);
    await screen(page, '/pages/stock/option');
    const view = page.getByTestId('option-simulated');
    await view.waitFor({ timeout: 20_000 });
    const text = (id: string) => view.getByTestId(id).textContent();
    const now = locale === 'tr-TR' ? 'Şimdi · ' : 'Now · ';
    const atExpiry = locale === 'tr-TR' ? 'Vadede · ' : 'At expiry · ';
    expect(await text('simret-date-value')).toMatch(new RegExp(`^${now}`));
    // Today at today's price the value is the quote's premium: a tick between the two may move
    // it by kuruş a share, never by the premium.
    const premium = figure(await page.getByTestId('fig-premium').textContent(), locale);
    expect(premium.gt(0)).toBe(true);
    const pnlNow = figure(await text('simret-pnl'), locale);
    expect(pnlNow.abs().lte(premium.times(100).times('0.2'))).toBe(true);
    await view.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, `options-simulated-now-${locale}-${theme}`);

    // At expiry: the intrinsic value of the strike at the chosen price, less what was paid.
    const strike = figure(await view.getByTestId('payoff-strike').textContent(), locale);
    await slide(view.getByTestId('simret-date'), 'End');
    expect(await text('simret-date-value')).toMatch(new RegExp(`^${atExpiry}`));
    await slide(view.getByTestId('simret-price'), 'End');
    const top = figure(await text('simret-price-value'), locale);
    expect(top.gt(strike)).toBe(true);
    const value = figure(await text('simret-value'), locale);
    expect(value.toFixed(4)).toBe(top.minus(strike).toFixed(4));
    // The premium and the P&L are read in one task of the page, so no tick lands between the two
    // reads; a tick may still land between the quote and the view's commit, so read until a frame
    // shows both from one quote (within a kuruş a share of rounding).
    const pnlOff = async () => {
      const shown = await page.evaluate(() => ({
        premium: document.querySelector('[data-testid="fig-premium"]')?.textContent ?? null,
        pnl:
          document.querySelector('[data-testid="option-simulated"] [data-testid="simret-pnl"]')
            ?.textContent ?? null,
      }));
      const expected = value.minus(figure(shown.premium, locale)).times(100);
      return figure(shown.pnl, locale).minus(expected).abs().toNumber();
    };
    await expect.poll(pnlOff, { timeout: 10_000 }).toBeLessThanOrEqual(1);
    await view.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, `options-simulated-expiry-${locale}-${theme}`);

    // One step back from expiry: that date's curve is drawn beside the expiry line.
    await view.getByTestId('simret-date').press('ArrowLeft');
    await view.getByTestId('payoff-dated').waitFor();
    await screenshot(page, `options-simulated-dated-${locale}-${theme}`);
  });
});
