import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, type Phone } from '../support/browser';

// the first screens must not jump while their data arrives (a tap aimed at a row lands on
// the one that moved in). Skeletons are shaped as what replaces them, the sandbox mark and the feed
// badge hold their room from the start, and the kline legend has room for its first bar.
const base = inject('baseURL');
/** Lighthouse calls ≤ 0.1 good; a screen that only fills in should be far below it. */
const MAX_SHIFT = 0.02;
let phone: Phone;

beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

type Shift = { value: number; sources: string[] };

async function shiftsWhileLoading(path: string, route: string, settled: string): Promise<Shift[]> {
  const { page } = phone;
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    const name = (node: Node | null) =>
      node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      }[])
        if (!entry.hadRecentInput)
          w.__shifts.push({ value: entry.value, sources: entry.sources.map((s) => name(s.node)) });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}${path}`);
  await screen(page, route);
  await page.locator(settled).first().waitFor();
  // A few live ticks after the data landed.
  await page.waitForTimeout(1500);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);

describe('layout stability while the first screens load (390×844)', () => {
  it('Home: the index strip and the lists fill in without moving what is below them', async () => {
    const shifts = await shiftsWhileLoading(
      '/pages/tabbar/home',
      '/pages/tabbar/home',
      '[data-testid="index-card-XU100"]',
    );
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(MAX_SHIFT);
  });

  it('Markets: the stock list fills in under a sort header that stays put', async () => {
    const shifts = await shiftsWhileLoading(
      '/pages/tabbar/markets',
      '/pages/tabbar/markets',
      '[data-testid="ticker-row-THYAO"]',
    );
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(MAX_SHIFT);
  });

  it('Kline: the chart does not move down when the first bar fills the legend', async () => {
    const shifts = await shiftsWhileLoading(
      '/pages/stock/stockKline?symbol=THYAO',
      '/pages/stock/stockKline',
      '[data-testid="kline-chart"]:not([data-bars="0"])',
    );
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(MAX_SHIFT);
  });
});
