import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';
import { ROOT } from '../support/process';

// The phones and settings real users have: a narrow phone or enlarged text, and a device clock
// that is wrong (the other browser tests use one 390 × 844 phone with a correct clock).
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';
let user: CreatedUser;
let phone: Phone;
/** Per language, an IPO taking retail applications and one taking institutional ones. */
const ipos: Record<string, { retail: string; offline: string }> = {};

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
  // An IPO per language taking retail applications, and one whose institutional tranche is open
  // (the 5 days before the retail window): one application per account and IPO.
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  // Each offering a catalogue candidate of its own: a symbol with an offering under way is not
  // offered again beside it.
  const symbols = ['TRKYA', 'KRDNZ', 'ISTKS', 'ANTLY'];
  const create = async (start: number) => {
    const created = (await operator(
      [
        ...['ipo', 'create', '--symbol', symbols.shift() ?? '', '--name', 'Yeni Arz A.Ş.'],
        ...'--price 27.20 --lots-retail 100000 --lots-institutional 50000'.split(' '),
        ...['--min-lots', '1', '--max-lots', '1000', '--start', at(start), '--end', at(start + 24 * hour)],
        ...['--allocation', at(start + 26 * hour), '--refund', at(start + 48 * hour)],
        ...['--listing', at(start + 72 * hour)],
      ],
      cli,
    )) as { id: string };
    return created.id;
  };
  for (const lang of ['tr-TR', 'en-US'])
    ipos[lang] = { retail: await create(-60_000), offline: await create(24 * hour) };
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

type Box = { left: number; right: number; top: number; bottom: number };
type RowInks = { text: string; row: Box; symbol: Box; price: Box; vol: Box; change: Box };

/**
 * Where each markets row draws its symbol, price, traded value and change: the ink of each, not
 * its box (a symbol wider than its column overflows the box); the price's tinted cell.
 */
function tickerRowInks(page: Page): Promise<(RowInks | string)[]> {
  return page.locator('.ticker-row__link').evaluateAll((rows) =>
    rows.map((row) => {
      const plain = ({ left, right, top, bottom }: DOMRect) => ({ left, right, top, bottom });
      const ink = (selector: string) => {
        const node = row.querySelector(selector);
        if (!node) return null;
        const range = document.createRange();
        range.selectNodeContents(node);
        return plain(range.getBoundingClientRect());
      };
      const price = row.querySelector('.price-cell')?.getBoundingClientRect();
      const [symbol, vol, change] = [
        ink('.ticker-row__symbol'),
        ink('.ticker-row__vol'),
        ink('.change-cell'),
      ];
      if (!symbol || !price || !vol || !change) return `incomplete row: ${row.textContent}`;
      const text = row.textContent ?? '';
      return { text, row: plain(row.getBoundingClientRect()), symbol, price: plain(price), vol, change };
    }),
  );
}

/** The sort header's buttons that end past its right edge ("Change" was cut off at 150 %). */
async function buttonsPastHeader(page: Page): Promise<string[]> {
  const header = (await page.locator('.sort-header').boundingBox())!;
  const past: string[] = [];
  for (const button of await page.locator('.sort-header__button').all()) {
    const box = (await button.boundingBox())!;
    if (box.x + box.width > header.x + header.width + 1) past.push((await button.textContent()) ?? '');
  }
  return past;
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
    const overlaps = (await tickerRowInks(page)).flatMap((row) =>
      typeof row === 'string'
        ? [row]
        : row.symbol.right > row.price.left || row.price.right > row.change.left
          ? [row.text]
          : [],
    );
    expect(overlaps).toEqual([]);
    // Its sort header: "Change" was cut off at the right edge.
    expect(await buttonsPastHeader(page)).toEqual([]);
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

describe('at 200 % text (a 390 px phone at 195 CSS px)', () => {
  /** In-app navigation, as a link does: one app load for all the screens. */
  async function go(page: Page, path: string): Promise<void> {
    await page.evaluate((to) => history.pushState({ seansDepth: 1 }, '', to), path);
    await screen(page, path.split('?')[0]!);
  }

  /** How far the page, or the app's scrolling column, scrolls sideways (≤ 0: it does not). */
  const sideways = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('.app-main')!;
      return Math.max(document.documentElement.scrollWidth - innerWidth, main.scrollWidth - main.clientWidth);
    });

  /** The texts of `selector` whose ink spills past their `within` ancestor's box (or their own). */
  const spilled = (page: Page, selector: string, within: string) =>
    page.locator(selector).evaluateAll(
      (nodes, within) =>
        nodes
          .filter((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const ink = range.getBoundingClientRect();
            const box = (node.closest(within) ?? node).getBoundingClientRect();
            return ink.left < box.left - 1 || ink.right > box.right + 1;
          })
          .map((node) => node.textContent ?? ''),
      within,
    );

  /** The words of `selector`'s texts that the layout split across lines ("Varlıkları" / "m"). */
  const splitWords = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((titles) =>
      titles.flatMap((title) => {
        const split: string[] = [];
        const texts = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null)
          for (const word of node.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (lines.size > 1) split.push(word[0]);
          }
        return split;
      }),
    );

  /**
   * What a native select shows (Chromium draws the chosen option's text in its user-agent shadow
   * root, out of the page's reach but not of CDP's), and whether all of it fits.
   */
  async function shownInSelect(page: Page, selector: string): Promise<{ text: string; whole: boolean }> {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1, pierce: true });
      const inner = node.shadowRoots?.[0]?.children?.find((child) =>
        child.attributes?.includes('-internal-select-inner-element'),
      );
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: inner!.backendNodeId });
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        objectId: object.objectId!,
        returnByValue: true,
        functionDeclaration:
          'function () { return { text: this.textContent, whole: this.scrollWidth <= this.clientWidth + 1 }; }',
      });
      return result.value as { text: string; whole: boolean };
    } finally {
      await cdp.detach();
    }
  }

  /**
   * The lines an e-mail address was drawn on, and those that begin mid-part: it should break only
   * after a "-" or before an "@" or a dot ("sandbox" / "-4768e9" / "0e7b@e" was unreadable).
   */
  const addressBreaks = (page: Page) =>
    page.getByTestId('mine-account').evaluate((node) => {
      const lines = new Map<number, string>();
      const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null)
        for (let i = 0; i < text.data.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          lines.set(top, (lines.get(top) ?? '') + text.data[i]);
        }
      const drawn = [...lines.values()];
      const bad = drawn.slice(1).filter((line, i) => !drawn[i]!.endsWith('-') && !/^[@.]/.test(line));
      return { text: drawn.join(''), bad };
    });

  // Turkish has the longer titles; English the other figure format ("96,780.00") and its own words.
  for (const lang of ['tr-TR', 'en-US'] as const)
    it(`splits no word or figure, keeps market rows apart and shows the chosen currency (${lang})`, async () => {
      const { page } = phone;
      await page.setViewportSize({ width: 195, height: 422 });
      await signInAs(page, base, user, lang);

      // Markets: "Piyasa / lar"; symbol, price and change drawn over each other.
      await page.goto(`${base}/pages/tabbar/markets`);
      await screen(page, '/pages/tabbar/markets');
      await page.locator('.ticker-row .price-cell').first().filter({ hasText: /\d/ }).waitFor();
      // The tab bar's labels too: "Piyasa / lar", "Hesabı / m".
      expect(await splitWords(page, '.navbar__title, .tabbar__label')).toEqual([]);
      const clash = (a: Box, b: Box) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      const rows = await tickerRowInks(page);
      expect(rows.length).toBeGreaterThan(2);
      const overlaps = rows.flatMap((row) => {
        if (typeof row === 'string') return [row];
        const inks = [row.symbol, row.price, row.vol, row.change];
        const apart = inks.every((a, i) => inks.slice(i + 1).every((b) => !clash(a, b)));
        const inside = inks.every((ink) => ink.left >= row.row.left && ink.right <= row.row.right);
        return apart && inside ? [] : [row.text];
      });
      expect(overlaps).toEqual([]);
      expect(await brokenAmounts(page, '.ticker-row .price-cell, .ticker-row .change-cell')).toEqual([]);
      expect(await buttonsPastHeader(page)).toEqual([]);
      // Its tabs: "Endeksler" ran into "Kripto".
      expect(await spilled(page, '.tabs__tab', '.tabs__tab')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // The portfolio total, one figure: "₺1.258.78" over "0,00".
      for (const route of ['/pages/tabbar/mine', '/pages/tabbar/home']) {
        await go(page, route);
        await page.getByTestId('portfolio-total').filter({ hasText: /\d/ }).waitFor();
        expect(await brokenAmounts(page, '[data-testid="portfolio-total"]')).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        // Mine's rows: "Mesaj merkezi", its unread count and the chevron ran past the row.
        if (route === '/pages/tabbar/mine') {
          await page.getByTestId('mine-unread').waitFor();
          expect(await spilled(page, '.mine-rows .link-list__row', '.link-list__row')).toEqual([]);
          // The e-mail address beside the avatar broke every few letters.
          expect(await addressBreaks(page)).toEqual({ text: user.account, bad: [] });
        }
      }
      // Home's other cards: the link beside "Portföy değeri" ended past the card, and the index
      // cards three abreast cut their figures ("10.850", "-%0,84").
      await page.locator('.index-card .price-cell').first().filter({ hasText: /\d/ }).waitFor();
      const cut = await spilled(page, '.index-card .price-cell, .index-card .change-cell', '.index-card');
      expect(cut).toEqual([]);
      expect(await spilled(page, '.portfolio-card__head .text-link', '.portfolio-card')).toEqual([]);

      // A title wider than its bar: "Varlıkları / m", "TH / YA / O". The h1 keeps all of it.
      for (const [route, title] of [
        ['/pages/user/assets', lang === 'tr-TR' ? 'Varlıklarım' : 'My assets'],
        ['/pages/stock/index?symbol=THYAO', 'THYAO'],
      ] as const) {
        await go(page, route);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await splitWords(page, '.navbar__title')).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
      }

      // The stock's order book: four ~35 px columns ran prices into quantities ("1.098316,50").
      // Polled: one full-suite run measured two rows crowded the moment the first row
      // appeared and none in any run since; what a reader sees is the book once drawn, and a
      // layout that stays crowded still fails here.
      await page.locator('.book-row').first().waitFor();
      const crowded = () =>
        page.locator('.book-row').evaluateAll((rows) =>
          rows
            .filter((row) => {
              const [first, second] = [...row.querySelectorAll(':scope > span:not(.book-row__bar)')].map(
                (cell) => {
                  const range = document.createRange();
                  range.selectNodeContents(cell);
                  return range.getBoundingClientRect();
                },
              );
              return !first || !second || first.right + 2 > second.left;
            })
            .map((row) => row.textContent ?? ''),
        );
      await expect.poll(crowded, { timeout: 5_000 }).toEqual([]);

      // The exchange's currency select had ~40 px, all padding and arrow: it showed nothing.
      await go(page, '/pages/exchange/exchange');
      const from = page.getByTestId('exchange-from');
      await from.waitFor();
      expect(await shownInSelect(page, '[data-testid="exchange-from"]')).toEqual({
        text: await from.inputValue(),
        whole: true,
      });
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `device-edges-exchange-195-${lang}`);
      // Its result: two buttons abreast, "New exchange" ran past the card.
      await go(page, '/pages/exchange/stock');
      await page.getByTestId('exchange-amount').fill('100');
      await page.getByTestId('exchange-quote').click();
      await page.getByTestId('quote-confirm').click();
      await page.getByTestId('exchange-sheet-password').fill(PIN);
      await page.getByTestId('exchange-sheet-submit').click();
      await page.getByTestId('exchange-done').waitFor();
      expect(await spilled(page, '.exchange-done .button', '.exchange-done')).toEqual([]);
      expect(await splitWords(page, '.exchange-done')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // The stock ticket's figures beside long labels: "₺250.000," over "00", "₺0," over "00".
      await go(page, '/pages/tabbar/trade?symbol=THYAO&side=buy');
      await page.getByTestId('cost-total').filter({ hasText: /\d/ }).waitFor();
      expect(await brokenAmounts(page, '.figure-rows__row dd')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // The coin's spot and contract tickets: their figures and labels.
      for (const type of ['coin', 'contract'] as const) {
        await page.getByTestId(`trade-switch-${type}`).click();
        await page.locator('.figure-rows__row dd').first().waitFor();
        expect(await splitWords(page, '.app-main')).toEqual([]);
        expect(await brokenAmounts(page, '.figure-rows__row dd')).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
      }

      // A coin's 24 h figures, three abreast: "96.780,00" ran into "91.615,00" beside it.
      await go(page, '/pages/coin/index?symbol=BTCUSDT');
      await page.getByTestId('stat-high').filter({ hasText: /\d/ }).waitFor();
      expect(await spilled(page, '.stats__item dd', '.stats__item')).toEqual([]);
      expect(await brokenAmounts(page, '.stats__item dd')).toEqual([]);
      expect(await splitWords(page, '.navbar__title, .stats')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `device-edges-coin-195-${lang}`);
      await go(page, '/pages/coin/coinKline?symbol=BTCUSDT');
      await page.getByRole('heading', { level: 1, name: 'BTCUSDT' }).waitFor();
      expect(await splitWords(page, '.navbar__title')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // The IPO tab's two buttons abreast: "My applications" ran "All IPOs" past the screen.
      await go(page, '/pages/tabbar/ipo');
      await page.getByTestId('ipo-all').waitFor();
      expect(await spilled(page, '.ipo-actions .button', '.ipo-actions')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // A retail IPO application's result: its refund date wrapped at a hyphen ("29-11-" / "2026").
      // A taller phone: the form scrolled a little to its button, not all the way to its end.
      await page.setViewportSize({ width: 195, height: 600 });
      await go(page, `/pages/stockIPO/ipoOrder?id=${ipos[lang]!.retail}`);
      await page.getByTestId('order-lots-input').fill('10');
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-confirm-password').fill(PIN);
      await page.getByTestId('order-confirm-submit').click();
      await page.getByTestId('order-done').waitFor();
      // Its title takes focus, which scrolled it to the scroller's top edge: under the sticky bar.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.className))
        .toContain('result-title');
      const title = (await page.locator('.ipo-done__title').boundingBox())!;
      const bar = (await page.locator('.navbar').boundingBox())!;
      expect(title.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(await splitWords(page, '.ipo-done')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 195, height: 422 });

      // An institutional IPO application's result: its two buttons abreast ran past the screen.
      await go(page, `/pages/stockIPO/ipoOrder?id=${ipos[lang]!.offline}&channel=offline`);
      await page.getByTestId('order-lots-input').fill('100');
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-confirm-password').fill(PIN);
      await page.getByTestId('order-confirm-submit').click();
      await page.getByTestId('offline-done').waitFor();
      expect(await spilled(page, '.ipo-done .button', '.ipo-done')).toEqual([]);
      expect(await splitWords(page, '.ipo-done')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `device-edges-offline-done-195-${lang}`);
      // Where it leads, my institutional applications: the allotment date wrapped at its hyphen
      // ("29-11-" / "2026").
      await page.getByTestId('offline-done-mine').click();
      await page.getByTestId('offline-application-list').waitFor();
      expect(await splitWords(page, '.ipo-card')).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });

  it("keeps Home's install link inside its card at 180 px (a 360 px phone at 200 %)", async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 180, height: 400 });
    await signInAs(page, base, user, 'tr-TR');
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    const link = page.getByTestId('home-download');
    await link.waitFor();
    // Beside the phone icon the text had ~60 px: "Nasıl yüklenir" ended 6 px past the screen.
    const card = (await page.locator('.card', { has: link }).boundingBox())!;
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await link.scrollIntoViewIfNeeded();
    await screenshot(page, 'device-edges-home-install-180-tr-TR');
  });

  it("keeps Home's feed badge inside the screen at 180 px whatever it says", async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 180, height: 400 });
    await signInAs(page, base, user, 'tr-TR');
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    const badge = page.getByTestId('home-indices').getByTestId('feed-badge');
    await badge.waitFor();
    // Each state's words in the badge as the app writes them (its states come and go with the
    // feed: "Bağlanıyor…" beside "BIST endeksleri" ended 22 px past the screen on some loads).
    const labels = (
      JSON.parse(readFileSync(`${ROOT}/locales/tr-TR/market.json`, 'utf8')) as {
        feed: Record<string, string>;
      }
    ).feed;
    for (const [state, label] of Object.entries(labels)) {
      await badge.evaluate((node, label) => {
        node.lastChild!.textContent = label;
      }, label);
      expect(await sideways(page), `${state}: ${label}`).toBeLessThanOrEqual(0);
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width, `${state}: ${label}`).toBeLessThanOrEqual(180);
    }
    await screenshot(page, 'device-edges-home-badge-180-tr-TR');
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
