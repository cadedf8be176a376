import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { audit } from '../support/axe';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { openOrigin, prefer } from '../support/browser-session';

// In Chromium on the live simulator: the instrument screen's book grouped in the worker. The
// page also follows the same book stream itself, ungrouped, over a socket of its own; at an
// instant when the two agree on the stream's last seq, every bucket on screen must be the exact
// sum of the ungrouped levels in it (bids down, asks up). The pace chooser slows the rows.
const base = inject('baseURL');

let phone: Phone;

beforeAll(async () => {
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

type Raw = { bids: [string, string][]; asks: [string, string][] };

/** A socket of the page's own on the book stream: the ungrouped book as the server sends it. */
async function followRawBook(page: Page, symbol: string): Promise<void> {
  await page.evaluate((s) => {
    const book = { bids: new Map<string, string>(), asks: new Map<string, string>() };
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/ipxtrg-api/ws`);
    socket.onopen = () => socket.send(JSON.stringify({ op: 'sub', ch: 'book', symbol: s }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as {
        op: string;
        ch?: string;
        snap?: boolean;
        bids?: [string, string][];
        asks?: [string, string][];
      };
      if (message.op !== 'data' || message.ch !== 'book') return;
      if (message.snap) {
        book.bids.clear();
        book.asks.clear();
      }
      for (const [side, levels] of [
        [book.bids, message.bids ?? []],
        [book.asks, message.asks ?? []],
      ] as const)
        for (const [price, qty] of levels)
          if (/^[0.]+$/.test(qty)) side.delete(price);
          else side.set(price, qty);
    };
    (window as unknown as { rawBook: () => Raw }).rawBook = () => ({
      bids: [...book.bids],
      asks: [...book.asks],
    });
  }, symbol);
}

type Shown = { bids: [string, string][]; asks: [string, string][]; raw: Raw };

/** The rows on screen (price from the row's key, quantity as shown in en-US) and the raw book, in one instant. */
function readBoth(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const rows = (side: 'bid' | 'ask') =>
      [...document.querySelectorAll<HTMLElement>(`[data-testid^="book-${side}-"]`)].map(
        (row): [string, string] => [
          row.dataset.testid!.slice(`book-${side}-`.length),
          row.querySelector('.book-row__qty')!.textContent!.replaceAll(',', ''),
        ],
      );
    return {
      bids: rows('bid'),
      asks: rows('ask'),
      raw: (window as unknown as { rawBook: () => Raw }).rawBook(),
    };
  });
}

/** The grouped book the raw levels make: buckets of `group`, bids down and asks up, best 20, at `qtyScale`. */
function grouped(raw: Raw, group: string, qtyScale: number): { bids: string[][]; asks: string[][] } {
  const side = (levels: [string, string][], down: boolean) => {
    const sums = new Map<string, Decimal>();
    for (const [price, qty] of levels) {
      const p = new Decimal(price);
      const rest = p.mod(group);
      const bucket = rest.isZero() ? p : down ? p.minus(rest) : p.minus(rest).plus(group);
      const key = bucket.toFixed();
      sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(qty));
    }
    return [...sums]
      .sort(([a], [b]) => (down ? new Decimal(b).cmp(a) : new Decimal(a).cmp(b)))
      .slice(0, 20)
      .map(([price, sum]) => [price, sum.toFixed(qtyScale, Decimal.ROUND_DOWN)]);
  };
  return { bids: side(raw.bids, true), asks: side(raw.asks, false) };
}

const canonical = (rows: [string, string][], qtyScale: number) =>
  rows.map(([price, qty]) => [new Decimal(price).toFixed(), new Decimal(qty).toFixed(qtyScale)]);

/**
 * Polls until screen and raw book agree on a grouped book `times` times, with different books,
 * at least one of them a book the grouping changed (levels off its grid, added up).
 */
async function agreeing(page: Page, group: string, qtyScale: number, times: number): Promise<void> {
  const seen = new Set<string>();
  let mattered = false;
  let last = '';
  const polled = expect
    .poll(
      async () => {
        const { bids, asks, raw } = await readBoth(page);
        const want = grouped(raw, group, qtyScale);
        const shown = { bids: canonical(bids, qtyScale), asks: canonical(asks, qtyScale) };
        last = `shown ${JSON.stringify(shown)}\nwant ${JSON.stringify(want)}`;
        if (shown.bids.length > 0 && JSON.stringify(shown) === JSON.stringify(want)) {
          seen.add(JSON.stringify(want));
          if (raw.bids.some(([price]) => !new Decimal(price).mod(group).isZero())) mattered = true;
        }
        return mattered ? seen.size : 0;
      },
      { timeout: 30_000, interval: 40 },
    )
    .toBeGreaterThanOrEqual(times);
  await polled.catch((error: unknown) => {
    throw new Error(`screen and stream agreed ${seen.size} times, the last reading:\n${last}`, {
      cause: error,
    });
  });
}

describe('the grouped book', () => {
  it.each([
    ['en-US', 'dark'],
    ['tr-TR', 'light'],
  ] as const)(
    'groups BTCUSDT’s book in the worker with exact sums, and paces it (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      await openOrigin(page, base);
      await prefer(page, lang, theme);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${base}/pages/coin/index?symbol=BTCUSDT`);
      await screen(page, '/pages/coin/index');
      await followRawBook(page, 'BTCUSDT');
      const chooser = page.getByTestId('book-group');
      await chooser.waitFor();
      const choices = await chooser
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      // BTCUSDT's tick is 0.01: the first choice, every level; then the coarser steps.
      expect(choices).toEqual(['', '0.1', '1', '10']);
      const qtyScale = Number(await page.getByTestId('book').getAttribute('data-qty-scale'));
      expect(qtyScale).toBeGreaterThan(0);

      // The rows are read in en-US digits; the Turkish run shows the same grouping.
      await chooser.selectOption('10');
      if (lang === 'en-US') await agreeing(page, '10', qtyScale, 3);

      // Two updates a second: the rows change at most twice a second.
      await page.getByTestId('book-pace-2').tap();
      expect(await page.getByTestId('book-pace-2').getAttribute('aria-checked')).toBe('true');
      const changes = await page.evaluate(async () => {
        const times: number[] = [];
        const book = document.querySelector('[data-testid="book"]')!;
        const observer = new MutationObserver(() => {
          const now = performance.now();
          if (times.length === 0 || now - times[times.length - 1]! > 50) times.push(now);
        });
        observer.observe(book, { subtree: true, childList: true, characterData: true });
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        observer.disconnect();
        return times;
      });
      expect(changes.length).toBeLessThanOrEqual(4 * 2 + 1);
      for (let i = 1; i < changes.length; i++) expect(changes[i]! - changes[i - 1]!).toBeGreaterThan(400);

      await page.getByTestId('book').scrollIntoViewIfNeeded();
      await screenshot(page, `book-grouped-${lang}-${theme}`);
      // Every WCAG rule in the dark palette, the light one's contrast (as tests/browser/a11y.test.ts).
      const violations = await audit(page, theme === 'light' ? ['color-contrast'] : undefined);
      expect(violations, `the grouped book:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      // Above the buy and sell bar, which stays over the screen's foot.
      await page.getByTestId('depth-chart').evaluate((chart) => chart.scrollIntoView({ block: 'center' }));
      await screenshot(page, `book-depth-${lang}-${theme}`);
      // Nothing sticks out of a 390 px phone.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // Back to the live, ungrouped book for the next screen.
      await chooser.selectOption('');
      await page.getByTestId('book-pace-0').tap();
    },
  );

  it('offers a stock 1, 5, 10 and 50 ticks at its price', async () => {
    const { page } = phone;
    await openOrigin(page, base);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/stock/index?symbol=THYAO`);
    await screen(page, '/pages/stock/index');
    const chooser = page.getByTestId('book-group');
    await chooser.waitFor();
    // A stock's tick follows its price: the chooser offers groupings once the price is in.
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="book-group"]') as HTMLSelectElement | null)?.disabled,
    );
    const choices = await chooser
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // The first is the tick itself: the ungrouped book.
    expect(choices[0]).toBe('');
    const ticks = choices.slice(1).map((c) => new Decimal(c));
    expect(ticks).toHaveLength(3);
    const tick = ticks[0]!.div(5);
    expect(ticks.map((t) => t.div(tick).toNumber())).toEqual([5, 10, 50]);
    await followRawBook(page, 'THYAO');
    await chooser.selectOption(ticks[0]!.toFixed(2));
    await agreeing(page, ticks[0]!.toFixed(2), 0, 1);
  });
});
