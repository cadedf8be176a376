import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

/**
 * A script the page asked for: when its fetch started and ended, on the page's clock, and, when
 * a preload link asked for it, which batch of links that was (links added in one run of code, up
 * to its microtasks, are one batch). Times alone can't tell a second round trip: Chromium holds
 * fetches back while the origin's six HTTP/1.1 connections are busy (the worker's polls share
 * them), and on a slow machine adding a dozen links takes longer than the first chunk's trip;
 * CI failed twice so, every link added in the one loop that followed the tap.
 */
type Fetched = { file: string; start: number; end: number; batch: number | null };

/**
 * Taps `link` on Home and waits for the screen `route` to appear. Returns the scripts asked for
 * from the tap until the screen appeared (a part of it loaded only once it has rendered is not).
 */
async function tapFromHome(page: Page, link: string, route: string): Promise<Fetched[]> {
  await page.goto(`${base}/pages/tabbar/home`);
  await screen(page, '/pages/tabbar/home');
  // Home's own late chunks and answers are in: what follows the tap is the next screen's.
  await page.waitForLoadState('networkidle');
  const tapped = await page.evaluate(
    ({ link, route }) => {
      const seen = window as unknown as { __appeared?: number; __batches?: Record<string, number> };
      const batches: Record<string, number> = {};
      seen.__batches = batches;
      // Vite's preloader and React add preload links with head.appendChild.
      const head = document.head;
      const append = head.appendChild.bind(head);
      let batch = 0;
      let open = false;
      head.appendChild = <T extends Node>(node: T): T => {
        if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') {
          if (!open) {
            open = true;
            batch++;
            queueMicrotask(() => (open = false));
          }
          batches[node.href] ??= batch;
        }
        return append(node);
      };
      const watch = new MutationObserver(() => {
        if (!document.querySelector(`[data-screen="${route}"]`)) return;
        seen.__appeared = performance.now();
        watch.disconnect();
      });
      watch.observe(document.body, { childList: true, subtree: true });
      const at = performance.now();
      document.querySelector<HTMLElement>(link)?.click();
      return at;
    },
    { link, route },
  );
  await screen(page, route);
  return page.evaluate((tapped) => {
    const seen = window as unknown as { __appeared: number; __batches: Record<string, number> };
    const appeared = seen.__appeared;
    return (
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
        // From the browser's cache (a chunk Home also uses): no round trip.
        .filter((entry) => entry.transferSize > 0)
        .filter((entry) => entry.startTime >= tapped && entry.startTime <= appeared)
        .map((entry) => ({
          file: new URL(entry.name).pathname.split('/').pop() ?? '',
          start: entry.startTime,
          end: entry.responseEnd,
          batch: seen.__batches[entry.name] ?? null,
        }))
    );
  }, tapped);
}

/**
 * Scripts asked for only once another of them had arrived, a second round trip before the
 * screen: preloaded in a later batch than the first, or fetched without a preload link (an
 * import the preloader did not know of) after another had arrived.
 */
function chained(scripts: Fetched[]): string[] {
  const batches = scripts.flatMap((script) => (script.batch === null ? [] : [script.batch]));
  const first = Math.min(...batches);
  return scripts
    .filter((later) =>
      later.batch === null
        ? scripts.some((other) => other !== later && other.end <= later.start)
        : later.batch > first,
    )
    .map((later) => later.file);
}

/** Screens a guest opens from Home: [name, link, route, a chunk of the screen's own]. */
const PUBLIC_SCREENS: [string, string, string, string][] = [
  ['the IPO tab', '[data-testid="tab-ipo"]', '/pages/tabbar/ipo', 'ipo-tab-screen-'],
  ['the Markets tab', '[data-testid="tab-markets"]', '/pages/tabbar/markets', 'markets-screen-'],
  ['the Mine tab', '[data-testid="tab-mine"]', '/pages/tabbar/mine', 'mine-screen-'],
  ['a stock', 'a[href="/pages/stock/index?symbol=THYAO"]', '/pages/stock/index', 'stock-screen-'],
  ['a coin', 'a[href="/pages/coin/index?symbol=BTCUSDT"]', '/pages/coin/index', 'coin-screen-'],
];

async function expectOneRoundTrip(page: Page, link: string, route: string, chunk: string): Promise<void> {
  const scripts = await tapFromHome(page, link, route);
  const files = JSON.stringify(scripts.map((script) => script.file));
  expect(
    scripts.some((script) => script.file.startsWith(chunk)),
    `${chunk} in ${files}`,
  ).toBe(true);
  expect(chained(scripts), JSON.stringify(scripts)).toEqual([]);
}

describe('screens opened in the app at 390×844', () => {
  let user: CreatedUser;
  let phone: Phone;

  beforeAll(async () => {
    user = (await operator(['create-user'], cli)) as CreatedUser;
  });
  // A phone of its own for each screen: nothing in its cache from the screens before.
  beforeEach(async () => {
    phone = await openPhone();
    await signInAs(phone.page, base, user, 'tr-TR');
  });
  afterEach(async () => {
    await phone?.close();
  });

  // Each screen's chunk and the chunks it imports are asked for together (Vite preloads a dynamic
  // import's dependencies); nothing the screen shows first waits for a chunk asked for after another.
  it.each([
    ...PUBLIC_SCREENS,
    // The Trade tab opens on the spot ticket, from a chunk of its own: asked for with the tab's,
    // it is there when the tab appears (asked for once the tab had rendered, it came after).
    ['the Trade tab', '[data-testid="tab-trade"]', '/pages/tabbar/trade', 'spot-panel-'],
  ])('%s: its code in one round trip, asked for before it appears', async (_name, link, route, chunk) => {
    await expectOneRoundTrip(phone.page, link, route, chunk);
  });
});

// A guest's Home loads none of the chunks that fetch texts as they run: a tap brings the first
// of them, and their texts are linked with them (vite-plugins/tap-texts.ts), not fetched once
// they have arrived and run.
describe('screens a guest opens in the app at 390×844', () => {
  let phone: Phone;

  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });

  it.each(PUBLIC_SCREENS)('%s: its code and texts in one round trip', async (_name, link, route, chunk) => {
    await expectOneRoundTrip(phone.page, link, route, chunk);
  });
});

describe('a link pressed at 390×844', () => {
  let phone: Phone;

  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });

  it("starts loading the screen's code as the finger lands, before the tap completes", async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.waitForLoadState('networkidle');
    const asked = page.waitForRequest((request) => /\/ipo-tab-screen-[^/]*\.js$/.test(request.url()), {
      timeout: 10_000,
    });
    // The finger down on the IPO tab, not lifted yet: no click, no navigation.
    await page.getByTestId('tab-ipo').dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await asked;
    expect(new URL(page.url()).pathname).toBe('/pages/tabbar/home');
    // The tap completes: the screen its code was asked for.
    await page.getByTestId('tab-ipo').click();
    await screen(page, '/pages/tabbar/ipo');
  });
});
