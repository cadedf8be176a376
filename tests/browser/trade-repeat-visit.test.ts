import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signedInPhone } from '../support/browser-session';
import { screen, screenshot } from '../support/browser';

const base = inject('baseURL');
const TRADE = '/pages/tabbar/trade';
const HOME = '/pages/tabbar/home';
/** What the app marks as still loading (the nav bench's test for content). */
const BUSY = '.skeleton, [class*="skeleton"], [aria-busy="true"], .pending-screen';
/** Each read of the API held this long: what a repeat visit shows at once cannot have come from it. */
const SLOW_MS = 1_500;

/** What the Trade tab's root held when it first appeared after a tap on its tab. */
type FirstRender = { busy: number; ticket: boolean; orders: number; funds: string };

function tapTrade(page: Page): Promise<FirstRender> {
  return page.evaluate(
    ([trade, busy]) =>
      new Promise<FirstRender>((resolve) => {
        const seen = () => {
          const root = document.querySelector(`[data-screen="${trade}"]`);
          if (!root) return false;
          observer.disconnect();
          resolve({
            busy: root.querySelectorAll(busy).length,
            ticket: !!root.querySelector('[data-testid="spot-panel"] form'),
            orders: root.querySelectorAll('[data-testid="spot-order"]').length,
            funds: root.querySelector('[data-testid="spot-available"]')?.textContent ?? '',
          });
          return true;
        };
        const observer = new MutationObserver(() => void seen());
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector<HTMLElement>('[data-testid="tab-trade"]')?.click();
      }),
    [TRADE, BUSY] as const,
  );
}

/** A resting buy of BTC a little under the market: one open order under the ticket. */
async function restingBuy(token: string): Promise<void> {
  const { list } = (await callApi(base, token, '/coin/tickers')) as {
    list: { symbol: string; price: string }[];
  };
  const last = Number(list.find((t) => t.symbol === 'BTCUSDT')?.price);
  expect(last).toBeGreaterThan(0);
  const price = (Math.floor(last * 0.97 * 10) / 10).toFixed(1);
  await callApi(base, token, '/coin/order/add', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    quantity: '0.001',
    price,
  });
}

describe.each(['tr-TR', 'en-US'] as const)('the Trade tab opened again (%s)', (lang) => {
  const signedIn = signedInPhone({
    fund: ['1000', '--reason', 'trade repeat visit', '--wallet', 'coin', '--currency', 'USDT'],
    prepare: (user) => restingBuy(user.userToken),
    lang,
  });

  it("shows the spot ticket, its balances and the pair's orders in its first render", async () => {
    const { page } = signedIn.phone;
    await page.goto(`${base}${TRADE}`);
    await screen(page, TRADE);
    await page.getByTestId('spot-order').first().waitFor({ timeout: 60_000 });
    const fundsBefore = await page.getByTestId('spot-available').textContent();
    await page.getByTestId('tab-home').click();
    await screen(page, HOME);
    // Every read of the visit held: what shows at once was kept from the last one.
    await page.route('**/ipxtrg-api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      await route.continue().catch(() => undefined);
    });
    try {
      const first = await tapTrade(page);
      expect(first).toEqual({ busy: 0, ticket: true, orders: 1, funds: fundsBefore });
      await screenshot(page, `trade-repeat-visit-${lang}`);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
