import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openOrigin } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

/** Every [market] screen of spec/routes.txt, with the instrument it opens on. */
const PUBLIC_ROUTES = [
  '/pages/tabbar/home',
  '/pages/tabbar/markets',
  '/pages/stock/list',
  '/pages/stock/search',
  '/pages/stock/index?symbol=THYAO',
  '/pages/stock/index?symbol=XU100',
  '/pages/stock/stockKline?symbol=GARAN',
  '/pages/coin/index?symbol=BTCUSDT',
  '/pages/coin/coinKline?symbol=ETHUSDT',
];

describe.each(['tr-TR', 'en-US'] as const)('market screens in %s at 390×844', (lang) => {
  let phone: Phone;
  let user: Record<string, string>;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(['create-user'], cli)) as Record<string, string>;
  });
  afterAll(async () => {
    await phone?.close();
  });

  async function visit(route: string, name: string): Promise<void> {
    const { page } = phone;
    await page.goto(`${base}${route}`);
    await screen(page, route.split('?')[0] ?? route);
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
      timeout: 15_000,
    });
    // What a person looks at: the feed live (where the screen shows one) and the chart drawn.
    await page.waitForFunction(
      () => {
        const badge = document.querySelector('[data-testid="feed-badge"]');
        const chart = document.querySelector('[data-testid="kline-chart"]');
        return (
          (!badge || badge.getAttribute('data-state') === 'live') &&
          (!chart || Number(chart.getAttribute('data-bars') ?? 0) > 0)
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    const text = await page.locator('[data-screen]').first().innerText();
    expect(text, route).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]|Infinity/);
    await screenshot(page, `market-${name}-${lang}`);
  }

  it('renders each public market screen with live data', async () => {
    await openOrigin(phone.page, base);
    await phone.page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
    for (const route of PUBLIC_ROUTES) {
      await visit(route, route.replace('/pages/', '').replaceAll(/[/?=]/g, '-'));
    }
  });

  it('an unknown symbol says which was not found and offers the stocks to pick from, not a retry', async () => {
    const { page } = phone;
    await openOrigin(page, base);
    await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
    await page.goto(`${base}/pages/stock/index?symbol=XXXX`);
    const missing = page.getByTestId('instrument-not-found');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('“XXXX”');
    await page.getByTestId('choose-THYAO').waitFor();
    expect(await page.getByTestId('retry').count()).toBe(0);
    await screenshot(page, `market-stock-index-unknown-${lang}`);
    await page.getByTestId('choose-THYAO').click();
    await page.getByTestId('instrument-name').waitFor();
    expect(new URL(page.url()).search).toBe('?symbol=THYAO');
  });

  it('renders the watchlist of a signed-in user', async () => {
    const { page } = phone;
    await page.evaluate(
      ({ l, real, demo }) => {
        localStorage.setItem('lang', JSON.stringify(l));
        localStorage.setItem('userToken', JSON.stringify(real));
        localStorage.setItem('userTokenReal', JSON.stringify(real));
        localStorage.setItem('userTokenDemo', JSON.stringify(demo));
      },
      { l: lang, real: user.userToken ?? '', demo: user.userTokenDemo ?? '' },
    );
    await visit('/pages/stock/collect', 'stock-collect-empty');
    // Star two instruments from their screens; both appear on the watchlist, live.
    for (const route of ['/pages/stock/index?symbol=ASELS', '/pages/coin/index?symbol=SOLUSDT']) {
      await page.goto(`${base}${route}`);
      const symbol = route.split('=')[1] ?? '';
      await page.getByTestId(`star-${symbol}`).first().click();
      await page.waitForFunction(
        (s) => document.querySelector(`[data-testid="star-${s}"]`)?.getAttribute('aria-pressed') === 'true',
        symbol,
      );
      // The server's confirmation (the toast), before leaving the page would cut the request off.
      await page.getByTestId('toast').filter({ hasText: symbol }).waitFor();
    }
    await visit('/pages/stock/collect', 'stock-collect');
    await page.getByTestId('ticker-row-ASELS').first().waitFor();
    await page.getByTestId('watchlist-seg-coin').click();
    await page.getByTestId('ticker-row-SOLUSDT').first().waitFor();
    await screenshot(page, `market-stock-collect-coins-${lang}`);
  });
});
