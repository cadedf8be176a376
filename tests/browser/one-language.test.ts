import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import enContract from '../../locales/en-US/contract.json';
import trContract from '../../locales/tr-TR/contract.json';
import enLearn from '../../locales/en-US/learn-entry.json';
import trLearn from '../../locales/tr-TR/learn-entry.json';
import enTrade from '../../locales/en-US/trade.json';
import trTrade from '../../locales/tr-TR/trade.json';
import { screen, screenshot, type Phone } from '../support/browser';
import { signInAs, userWithFreshPhones } from '../support/browser-session';

const base = inject('baseURL');
const TRADE = '/pages/tabbar/trade';
const MINE = '/pages/tabbar/mine';
const LANG = '/pages/common/lang';
/** A screen's texts, one file per namespace and language (vite-plugins/one-language.ts). */
const TEXTS = /\/assets\/texts-[^/]+-(tr-TR|en-US)\.js$/;

const ASSETS = path.resolve(process.env.CLIENT_DIR ?? 'dist/client', 'assets');
/** A chunk's static imports of text files (not the placeholders' `import()`), by language. */
const STATIC_TEXTS = /(?:\bfrom|\bimport)\s*["']\.\/texts-[\w-]+-(tr-TR|en-US)\.js["']/g;

const world = userWithFreshPhones({ create: ['--kyc', 'approved'] });

/** The text files the page asks for, in the order asked. */
function textRequests(phone: Phone): string[] {
  const asked: string[] = [];
  phone.page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (TEXTS.test(path)) asked.push(path);
  });
  return asked;
}
const languages = (paths: readonly string[]) => new Set(paths.map((path) => TEXTS.exec(path)?.[1]));

/** How long the entry is held back, for the page's script to link what the route needs. */
const HOLD_MS = 3_000;

/** In the app, without a reload (wouter follows popstate). */
async function goInApp(phone: Phone, path: string): Promise<void> {
  await phone.page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await screen(phone.page, path);
}

/** Every string of a texts file, however deep. */
function flatTexts(texts: unknown): string[] {
  if (typeof texts === 'string') return [texts];
  return texts !== null && typeof texts === 'object' ? Object.values(texts).flatMap(flatTexts) : [];
}

describe("a screen's texts in the language read (390×844)", () => {
  it('no built chunk imports the texts of two languages as it loads', () => {
    const chunks = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
    const both = chunks.filter((file) => {
      const source = readFileSync(path.join(ASSETS, file), 'utf8');
      return new Set([...source.matchAll(STATIC_TEXTS)].map((match) => match[1])).size > 1;
    });
    expect(chunks.some((file) => file.startsWith('mine-screen-'))).toBe(true);
    expect(both).toEqual([]);
  });

  // A tap's preload links a chunk's texts with it (vite-plugins/tap-texts.ts): the screens opened
  // mostly by a tap carry no longer the other language's texts beside their own.
  it.each(['instrument', 'chart', 'options', 'ipo'])(
    'no built chunk carries the %s texts in both languages',
    (name) => {
      const texts = (lang: string) =>
        flatTexts(JSON.parse(readFileSync(path.resolve('locales', lang, `${name}.json`), 'utf8')));
      const [tr, en] = [texts('tr-TR'), texts('en-US')];
      // A language's own words: not in any of the other's texts (`{{min}}–{{max}} lot` is in both).
      const differ = (list: string[], other: string[]) =>
        list.filter((text) => text.length >= 12 && !other.some((words) => words.includes(text)));
      const [trOnly, enOnly] = [differ(tr, en), differ(en, tr)];
      expect(Math.min(trOnly.length, enOnly.length)).toBeGreaterThan(3);
      const sources = readdirSync(ASSETS)
        .filter((file) => file.endsWith('.js'))
        .map((file) => ({ file, source: readFileSync(path.join(ASSETS, file), 'utf8') }));
      const carrying = (list: string[]) =>
        sources.filter(({ source }) => list.some((text) => source.includes(text))).map(({ file }) => file);
      const [withTr, withEn] = [carrying(trOnly), carrying(enOnly)];
      expect(withTr.length).toBeGreaterThan(0);
      expect(withTr.filter((file) => withEn.includes(file))).toEqual([]);
    },
  );

  it.each([
    ['tr-TR', 'en-US', trTrade, trContract, enTrade, enContract],
    ['en-US', 'tr-TR', enTrade, enContract, trTrade, trContract],
  ] as const)(
    '%s: the Trade tab loads only its texts, and a switch to %s fetches the other language before it changes',
    async (lang, other, trade, contract, otherTrade, otherContract) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      const asked = textRequests(world.phone);
      await page.goto(`${base}${TRADE}`);
      await screen(page, TRADE);
      const hint = page.getByTestId('spot-no-usdt');
      await hint.waitFor({ timeout: 60_000 });
      expect(await hint.textContent()).toContain(contract.no_usdt_spot);
      expect(await page.locator('.navbar__title').first().textContent()).toBe(trade.title);
      expect(asked.length).toBeGreaterThan(0);
      expect(languages(asked)).toEqual(new Set([lang]));
      await screenshot(page, `one-language-trade-${lang}`);

      asked.length = 0;
      await goInApp(world.phone, LANG);
      await page.getByTestId(`lang-${other}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(other);
      expect(languages(asked)).toEqual(new Set([other]));
      await goInApp(world.phone, TRADE);
      await hint.waitFor({ timeout: 30_000 });
      expect(await hint.textContent()).toContain(otherContract.no_usdt_spot);
      expect(await page.locator('.navbar__title').first().textContent()).toBe(otherTrade.title);
    },
  );

  it.each([
    ['tr-TR', trLearn],
    ['en-US', enLearn],
  ] as const)(
    "%s: the Mine tab shows its learn rows' texts and fetches no other language's",
    async (lang, learn) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      const asked = textRequests(world.phone);
      await page.goto(`${base}${MINE}`);
      await screen(page, MINE);
      const title = page.locator('#mine-section-learn');
      await title.waitFor({ timeout: 60_000 });
      expect(await title.textContent()).toBe(learn.section);
      expect(await page.locator('section[aria-labelledby="mine-section-learn"]').textContent()).toContain(
        learn.rows.riskCheck,
      );
      expect([...languages(asked)].filter((read) => read !== lang)).toEqual([]);
      await title.scrollIntoViewIfNeeded();
      await screenshot(page, `one-language-mine-${lang}`);
    },
  );

  it("links the Trade tab's texts with its code, before the entry has run", async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    const asked = textRequests(world.phone);
    let askedBeforeEntry: string[] | null = null;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      askedBeforeEntry ??= [...asked];
      await route.continue();
    });
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    expect(asked.length).toBeGreaterThan(0);
    expect(askedBeforeEntry).toEqual(asked);
  });

  it.each(['tr-TR', 'en-US'])(
    "%s: read on Home, the idle preload fetches the next screens' texts in that language only",
    async (lang) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      const asked = textRequests(world.phone);
      const ticketTexts = page.waitForRequest(TEXTS, { timeout: 60_000 });
      await page.goto(`${base}/pages/tabbar/home`);
      await screen(page, '/pages/tabbar/home');
      await ticketTexts;
      // The queue fetches a few files at a time: what it has fetched by now is in one language.
      await page.waitForTimeout(2_000);
      expect(languages(asked)).toEqual(new Set([lang]));
    },
  );
});
