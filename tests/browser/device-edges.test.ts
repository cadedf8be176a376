import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

// The phones and settings real users have (session 31's audit): a narrow phone or enlarged text,
// and a device clock that is wrong. Earlier audits used one 390 × 844 phone with a correct clock.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';
let user: CreatedUser;
let phone: Phone;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  // Six-figure lira in each part of the portfolio: the widths a funded account's tiles carry.
  await operator(['fund', user.userId, '250000', '--reason', 'device edges'], cli);
  await operator(
    ['fund', user.userId, '20000', '--reason', 'device edges', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  await operator(
    ['fund', user.userId, '3000', '--reason', 'device edges', '--wallet', 'contract', '--currency', 'USDT'],
    cli,
  );
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
});
beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

/** The amounts of `selector` that the layout broke across more than one line. */
function brokenAmounts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        return tops.size > 1;
      })
      .map((node) => node.textContent ?? ''),
  );
}

describe('the portfolio tiles on narrow phones', () => {
  // 320 × 568: an iPhone SE (1st gen). 300 × 649: a 390 px phone with Chrome's page zoom at 130 %
  // (Android's text-size setting), which narrows the CSS viewport; the app's sizes are px, so
  // enlarging the root font alone changes nothing.
  for (const [width, height, lang] of [
    [320, 568, 'tr-TR'],
    [300, 649, 'en-US'],
  ] as const)
    it(`never breaks an amount across lines at ${width} px (${lang})`, async () => {
      const { page } = phone;
      await page.setViewportSize({ width, height });
      await signInAs(page, base, user, lang);
      for (const route of ['/pages/tabbar/home', '/pages/tabbar/mine']) {
        await page.goto(`${base}${route}`);
        await screen(page, route);
        const tiles = page.locator('.mine-wallets__value');
        await expect.poll(() => tiles.count()).toBe(3);
        await page.waitForFunction(() => document.querySelectorAll('.mine-wallets .skeleton').length === 0);
        await expect.poll(() => brokenAmounts(page, '.mine-wallets__value')).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await screenshot(page, `device-edges-mine-${width}-${lang}`);
    });
});

describe('figures at 150 % text (a 390 px phone at 260 CSS px)', () => {
  /** The words of `selector`'s text that the layout broke across lines ("Teknoloji" over "leri"). */
  function brokenWords(page: Page, selector: string): Promise<string[]> {
    return page.locator(selector).evaluateAll((nodes) =>
      nodes.flatMap((node) => {
        const broken: string[] = [];
        const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            const tops = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (tops.size > 1) broken.push(word[0]);
          }
        }
        return broken;
      }),
    );
  }

  it('moves a whole figure to the next line instead of breaking it, and no price covers its symbol', async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 260, height: 563 });
    await signInAs(page, base, user, 'en-US');
    const cases = [
      ['/pages/user/assets', '.balance-row__figure dd'],
      // The catalogue's coin sales: "12.500.000" and "0,08 USDT" broke as "12.500.0" / "00".
      ['/pages/coinICO/icoList', '.ipo-card__fact .num'],
    ] as const;
    for (const [route, figures] of cases) {
      await page.goto(`${base}${route}`);
      await screen(page, route);
      await page.locator(figures).first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
      expect(await page.locator(figures).count()).toBeGreaterThan(2);
      expect(await brokenAmounts(page, figures)).toEqual([]);
    }
    // The markets list: the price was drawn over the symbol ("GARA" under "142,20").
    await page.goto(`${base}/pages/tabbar/markets`);
    await screen(page, '/pages/tabbar/markets');
    await page.locator('.ticker-row .price-cell').first().filter({ hasText: /\d/ }).waitFor();
    const overlaps = await page.locator('.ticker-row__link').evaluateAll((rows) =>
      rows.flatMap((row) => {
        // The ink of each, not its box: a symbol wider than its column overflows the box.
        const ink = (selector: string) => {
          const node = row.querySelector(selector);
          if (!node) return null;
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect();
        };
        const symbol = ink('.ticker-row__symbol');
        const price = row.querySelector('.price-cell')?.getBoundingClientRect();
        const change = ink('.change-cell');
        if (!symbol || !price || !change) return ['incomplete row'];
        return symbol.right > price.left || price.right > change.left ? [row.textContent ?? ''] : [];
      }),
    );
    expect(overlaps).toEqual([]);
    // Its sort header: "Change" was cut off at the right edge.
    const header = await page.locator('.sort-header').boundingBox();
    for (const button of await page.locator('.sort-header__button').all()) {
      const box = await button.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(header!.x + header!.width + 1);
    }
  });

  it("keeps an IPO card's company name in whole words beside a long status, and the status whole", async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 260, height: 563 });
    await signInAs(page, base, user, 'en-US');
    // The IPO tab: "Accepting subscriptions" beside "Anka Yazılım Teknolojileri A.Ş." left the
    // name a few letters' width, "Teknoloji" over "leri".
    await page.goto(`${base}/pages/tabbar/ipo`);
    await screen(page, '/pages/tabbar/ipo');
    await page.locator('.ipo-badge', { hasText: 'Accepting subscriptions' }).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    expect(await brokenWords(page, '.ipo-card__name')).toEqual([]);
    expect(await brokenAmounts(page, '.ipo-badge')).toEqual([]);
    await screenshot(page, 'device-edges-ipo-tab-260-en-US');
  });
});

describe('a phone in landscape (844 × 390)', () => {
  it('opens the order confirmation at its top: the title and the instrument are in view', async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 844, height: 390 });
    await signInAs(page, base, user, 'tr-TR');
    await page.evaluate(() => localStorage.setItem('systemTradeType', JSON.stringify('stock')));
    await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('1');
    await page.getByTestId('cost-total').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('ticket-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor();
    // Taller than the screen: the sheet scrolls, and the confirm button is a scroll away.
    expect(await sheet.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const title = await sheet.locator('.sheet__title').boundingBox();
    expect(title?.y).toBeGreaterThanOrEqual(0);
    expect(await sheet.evaluate((el) => el.scrollTop)).toBe(0);
    await screenshot(page, 'device-edges-confirm-landscape-tr-TR');
    await page.getByTestId('confirm-sheet-submit').scrollIntoViewIfNeeded();
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet').waitFor();
  });
});

describe('a device clock that is wrong', () => {
  it('7 minutes fast: a fresh exchange quote counts down on the server clock and can be confirmed', async () => {
    const { page } = phone;
    await page.clock.install({ time: Date.now() + 7 * 60_000 });
    await signInAs(page, base, user, 'en-US');
    await page.goto(`${base}/pages/exchange/stock`);
    await screen(page, '/pages/exchange/stock');
    await page.getByTestId('exchange-amount').fill('100');
    await page.getByTestId('exchange-quote').click();
    await page.getByTestId('quote-card').waitFor();
    // Counted on the phone's clock, the quote was 7 minutes past its expiry: "Refresh quote" only.
    await expect
      .poll(() => page.getByTestId('quote-countdown').textContent(), { timeout: 10_000 })
      .toMatch(/Valid for \d+ s/);
    await page.getByTestId('quote-confirm').waitFor();
    await page.getByTestId('quote-confirm').click();
    await page.getByTestId('exchange-sheet-password').fill(PIN);
    await page.getByTestId('exchange-sheet-submit').click();
    await page.getByTestId('exchange-done').waitFor({ timeout: 10_000 });
  });
});
