import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type User = { account: string; password: string; userToken: string; userTokenDemo: string };
type Balance = { wallet: string; currency: string; total: string };

async function api(token: string, path: string, body: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${base}/ipxtrg-api${path}`, {
    method: 'POST',
    headers: { accesstoken: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

const lastPrice = async (path: string, symbol: string) => {
  const init = path.startsWith('/coin')
    ? { method: 'POST', body: new URLSearchParams({ symbol }) }
    : { method: 'GET' };
  const query = path.startsWith('/coin') ? '' : `?symbol=${symbol}`;
  const response = await fetch(`${base}/ipxtrg-api${path}${query}`, init);
  const { data } = (await response.json()) as { data: { price: string } };
  return Number(data.price);
};

/** A figure as either locale shows it (`₺12.345,67`, `₺12,345.67`) as a number. */
function figure(text: string, lang: string): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  return Number(lang === 'tr-TR' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
}

/**
 * "Toplam varlık" must be the account's worth. A user holding TRY, THYAO shares and
 * USDT sees one TRY figure on Home and Mine equal to /user/assets valued at the feed's prices.
 */
describe.each(['tr-TR', 'en-US'] as const)('the portfolio in %s', (lang) => {
  let phone: Phone;
  let user: User;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(['create-user'], cli)) as User;
    const { id } = (await api(user.userToken, '/user/info')) as { id: string };
    const funding: [string, string, string][] = [
      ['50000', 'stock', 'TRY'],
      ['1000', 'coin', 'USDT'],
    ];
    for (const [amount, wallet, currency] of funding)
      await operator(
        ['fund', id, amount, '--reason', 'portfolio test', '--wallet', wallet, '--currency', currency],
        cli,
      );
    await api(user.userToken, '/stock/order/buy', { symbol: 'THYAO', type: 'market', quantity: '10' });
  });
  afterAll(async () => {
    await phone?.close();
  });

  /** What the total should be now, from the same sources the card reads. */
  async function expectedTotal(): Promise<number> {
    const { balances } = (await api(user.userToken, '/user/assets')) as { balances: Balance[] };
    const held = (wallet: string, currency: string) =>
      Number(balances.find((b) => b.wallet === wallet && b.currency === currency)?.total ?? 0);
    const thyao = await lastPrice('/stock/index/info', 'THYAO');
    const rate = await lastPrice('/coin/ticker', 'USDTTRY');
    expect(held('stock', 'THYAO')).toBe(10);
    return held('stock', 'TRY') + 10 * thyao + (held('coin', 'USDT') + held('contract', 'USDT')) * rate;
  }

  async function readTotal(page: Page): Promise<number> {
    const total = page.getByTestId('portfolio-total');
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="portfolio-total"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    return figure(await total.innerText(), lang);
  }

  it('shows one TRY total on Home, the same as the balances at live prices', async () => {
    const { page } = phone;
    await signInAs(page, base, user, lang);
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    const shown = await readTotal(page);
    const expected = await expectedTotal();
    // Prices move between the two readings: within 0.5 % of the same sum, and far from the cash alone.
    expect(Math.abs(shown - expected) / expected).toBeLessThan(0.005);
    expect(shown).toBeGreaterThan(50_000);
    const text = await page.getByTestId('home-portfolio').innerText();
    expect(text).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]/);
    expect(await page.getByTestId('portfolio-rate').innerText()).toContain('1 USDT');
    await screenshot(page, `portfolio-home-${lang}`);
  });

  it('shows the same total on Mine', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/tabbar/mine`);
    await screen(page, '/pages/tabbar/mine');
    const shown = await readTotal(page);
    expect(Math.abs(shown - (await expectedTotal())) / shown).toBeLessThan(0.005);
    const stock = figure(await page.getByTestId('portfolio-part-stock').innerText(), lang);
    // The stock wallet counts the shares, not only the cash left after buying them.
    const { balances } = (await api(user.userToken, '/user/assets')) as { balances: Balance[] };
    const cash = Number(balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')?.total);
    expect(stock).toBeGreaterThan(cash + 1000);
    await screenshot(page, `portfolio-mine-${lang}`);
  });

  it('shows no portfolio card to a guest', async () => {
    const { page } = phone;
    await page.evaluate(() => localStorage.removeItem('userToken'));
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    expect(await page.getByTestId('home-portfolio').count()).toBe(0);
  });
});
