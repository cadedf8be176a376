import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium at 390×844, in both languages and both themes: the details an independent walk
// marked down, each found again here. The money records' filter chips all on screen; the quiet
// hours 24-hour in tr-TR (the browser's own time field follows the browser's language); the
// switches' knob light on the light palette.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

let phone: Phone;
let user: CreatedUser;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

async function open(page: Page, locale: string, theme: string, path: string): Promise<void> {
  await signInAs(page, base, user, locale);
  await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
  await page.goto(`${base}${path}`);
  await screen(page, path);
}

/** Each chip's box inside the page's width and inside its row: nothing cut off or scrolled away. */
async function chipsOnScreen(page: Page): Promise<void> {
  const rows = page.locator('.filter-chips');
  await rows.first().waitFor();
  for (const row of await rows.all()) {
    const fits = await row.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const chips = [...el.querySelectorAll('.filter-chip')].map((c) => c.getBoundingClientRect());
      return {
        count: chips.length,
        scrolls: el.scrollWidth > el.clientWidth,
        outside: chips.filter(
          (c) => c.left < box.left - 0.5 || c.right > box.right + 0.5 || c.right > innerWidth,
        ).length,
      };
    });
    expect(fits.count).toBeGreaterThan(1);
    expect(fits).toMatchObject({ scrolls: false, outside: 0 });
  }
}

describe.each([
  ['tr-TR', 'light'],
  ['tr-TR', 'dark'],
  ['en-US', 'light'],
  ['en-US', 'dark'],
] as const)('the finish in %s, %s theme', (locale, theme) => {
  it('shows every record filter chip at 390 px', async () => {
    const { page } = phone;
    for (const path of ['/pages/withdraw/withdrawRecord', '/pages/withdraw/cryptoRecord']) {
      await open(page, locale, theme, path);
      await chipsOnScreen(page);
      await screenshot(page, `finish-chips-${path.split('/').at(-1)}-${locale}-${theme}`);
    }
  });

  it('takes quiet hours in the locale’s time (24-hour in tr-TR) beside switches of the theme', async () => {
    const { page } = phone;
    await open(page, locale, theme, '/pages/user/notifications');
    const quiet = page.getByTestId('notifications-quiet');
    await quiet.waitFor();
    if ((await quiet.getAttribute('aria-checked')) !== 'true') await quiet.click();
    const from = page.getByTestId('notifications-from');
    await from.waitFor();
    if (locale === 'tr-TR') {
      expect(await from.locator('input[type="time"]').count()).toBe(0);
      expect(await page.getByTestId('notifications-from-hour').inputValue()).toBe('22');
      await page.getByTestId('notifications-from-hour').selectOption('23');
      expect(await page.getByTestId('notifications-from-hour').inputValue()).toBe('23');
      expect(await page.getByTestId('notifications-to').textContent()).not.toMatch(/AM|PM|ÖÖ|ÖS/);
    } else {
      expect(await from.getAttribute('type')).toBe('time');
    }
    // The knob: white on the light palette, the text's light grey on the dark one.
    const knob = await quiet.evaluate((el) => getComputedStyle(el, '::after').backgroundColor);
    expect(knob).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(242, 244, 248)');
    await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `finish-quiet-hours-${locale}-${theme}`);
  });

  it('shows a place to open, and asks for one when none is given (open-location)', async () => {
    const { page } = phone;
    const place = new URLSearchParams({
      lat: '41.00820',
      lng: '28.97840',
      name: locale === 'tr-TR' ? 'Seans Genel Müdürlük' : 'Seans head office',
      address: 'Büyükdere Cd. No:1, Şişli, İstanbul',
    });
    await open(page, locale, theme, '/open-location');
    await page.getByTestId('open-location-input').waitFor();
    await screenshot(page, `finish-open-location-ask-${locale}-${theme}`);
    await page.goto(`${base}/open-location?${place.toString()}`);
    await screen(page, '/open-location');
    await page.getByTestId('open-location-map').waitFor();
    expect(await page.getByTestId('open-location-geo').getAttribute('href')).toMatch(
      /^geo:41\.008200,28\.978400\?q=/,
    );
    // The point in the locale's numbers, as the map's labels read it.
    expect(await page.getByTestId('open-location-coords').textContent()).toBe(
      locale === 'tr-TR' ? '41,00820; 28,97840' : '41.00820, 28.97840',
    );
    await screenshot(page, `finish-open-location-place-${locale}-${theme}`);
    // A link whose point cannot be read says so above the address field.
    await page.goto(`${base}/open-location?lat=999&lng=28.9`);
    await page.getByTestId('open-location-unreadable').waitFor();
    await page.getByTestId('open-location-input').waitFor();
    await screenshot(page, `finish-open-location-unreadable-${locale}-${theme}`);
  });

  it('shows the support chat empty, and its failed load with a retry', async () => {
    const { page } = phone;
    await open(page, locale, theme, '/pages/user/service');
    await page.getByTestId('chat-empty').waitFor();
    await screenshot(page, `finish-service-empty-${locale}-${theme}`);
    await page.route('**/ipxtrg-api/user/service/**', (route) => route.abort());
    await page.reload();
    await page.getByTestId('error-state').waitFor();
    await screenshot(page, `finish-service-error-${locale}-${theme}`);
    await page.unroute('**/ipxtrg-api/user/service/**');
  });
});
