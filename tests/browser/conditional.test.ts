import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stockTick } from '../../domain/rules/stock';
import { openOrigin } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const API = `${base}/ipxtrg-api`;
const SYMBOL = 'THYAO';

type Created = { userId: string; userToken: string; userTokenDemo: string };
type Envelope = { code: number; key?: string; data: Record<string, unknown> };

async function api(token: string, path: string, init: RequestInit = {}): Promise<Envelope> {
  const headers = { accesstoken: token, 'Accept-Language': 'en-US', ...(init.headers ?? {}) };
  return (await (await fetch(`${API}${path}`, { ...init, headers })).json()) as Envelope;
}

async function signIn(page: Page, user: Created, lang: string): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate(
    ({ l, real, demo }) => {
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('userToken', JSON.stringify(real));
      localStorage.setItem('userTokenReal', JSON.stringify(real));
      localStorage.setItem('userTokenDemo', JSON.stringify(demo));
      localStorage.setItem('systemTradeType', JSON.stringify('stock'));
    },
    { l: lang, real: user.userToken, demo: user.userTokenDemo },
  );
}

/** A buy stop's trigger far enough above the price (10 %, inside the ±20 % band) not to fire meanwhile. */
async function farTrigger(): Promise<Decimal> {
  const info = (await (await fetch(`${API}/stock/index/info?symbol=${SYMBOL}`)).json()) as Envelope;
  const price = new Decimal(String(info.data.price)).times(1.1);
  const tick = new Decimal(stockTick(price.toFixed()));
  return price.dividedBy(tick).floor().times(tick);
}

async function openConditionalTab(page: Page): Promise<void> {
  await page.goto(`${base}/pages/tabbar/trade?symbol=${SYMBOL}&side=buy`);
  await screen(page, '/pages/tabbar/trade');
  await page.getByTestId('stock-ticket').waitFor();
  await page.getByTestId('ticket-mode-conditional').click();
  await page.getByTestId('conditional-form').waitFor();
}

describe('conditional orders in Chromium', () => {
  let phone: Phone;
  let user: Created;

  beforeAll(async () => {
    phone = await openPhone();
    user = (await operator(['create-user'], cli)) as Created;
    const profile = await api(user.userToken, '/user/info', { method: 'POST' });
    user.userId = String(profile.data.id);
    await operator(
      ['fund', user.userId, '100000', '--reason', 'conditional', '--wallet', 'stock', '--currency', 'TRY'],
      cli,
    );
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('places a stop on the stock ticket, finds it listed with its hold, and cancels it', async () => {
    const { page } = phone;
    await signIn(page, user, 'tr-TR');
    await openConditionalTab(page);
    const trigger = await farTrigger();
    await page.getByTestId('conditional-trigger').fill(trigger.toFixed(2).replace('.', ','));
    await page.getByTestId('conditional-qty').fill('2');
    // What fires it and what it holds are shown before confirming.
    await page.getByTestId('conditional-held').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByTestId('conditional-when').innerText()).toContain(
      trigger.toFixed(2).replace('.', ','),
    );
    await screenshot(page, 'conditional-ticket-tr-TR');
    await page.getByTestId('conditional-submit').click();
    await page.getByTestId('conditional-confirm').waitFor();
    await screenshot(page, 'conditional-confirm-tr-TR');
    await page.getByTestId('conditional-confirm-submit').click();
    await page.getByTestId('conditional-confirm').waitFor({ state: 'detached' });

    const listed = await api(user.userToken, '/stock/order/conditional/list', { method: 'POST' });
    const [order] = listed.data.list as { id: string; state: string; frozen: string }[];
    expect(order?.state).toBe('pending');
    expect(new Decimal(order!.frozen).gt(trigger.times(2))).toBe(true);

    await page.getByTestId('conditional-view-list').click();
    await screen(page, '/pages/stock/conditional');
    const row = page.locator(`[data-testid="conditional-row"][data-id="${order!.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('pending');
    await screenshot(page, 'conditional-list-tr-TR');
    await row.getByTestId('conditional-cancel').click();
    await page.getByTestId('modal-confirm').click();
    await page
      .locator(`[data-testid="conditional-row"][data-id="${order!.id}"][data-state="cancelled"]`)
      .waitFor();
    await screenshot(page, 'conditional-cancelled-tr-TR');
    const after = await api(user.userToken, '/stock/order/conditional/list', { method: 'POST' });
    expect((after.data.list as { state: string }[])[0]?.state).toBe('cancelled');
  });

  it('says the same in English', async () => {
    const { page } = phone;
    await signIn(page, user, 'en-US');
    await openConditionalTab(page);
    await page.getByTestId('conditional-kind-trailing').click();
    await page.getByTestId('conditional-trail').fill('5');
    await page.getByTestId('conditional-held').filter({ hasText: /\d/ }).waitFor();
    await screenshot(page, 'conditional-ticket-en-US');
    await page.goto(`${base}/pages/stock/conditional`);
    await screen(page, '/pages/stock/conditional');
    await page.getByTestId('conditional-row').first().waitFor();
    expect(await page.getByTestId('conditional-state').first().innerText()).toBe('Canceled');
    await screenshot(page, 'conditional-list-en-US');
  });

  it('offers the same tab on the coin ticket, in both languages', async () => {
    const { page } = phone;
    for (const lang of ['tr-TR', 'en-US']) {
      await signIn(page, user, lang);
      await page.goto(`${base}/pages/tabbar/trade?symbol=BTCUSDT`);
      await screen(page, '/pages/tabbar/trade');
      await page.getByTestId('spot-panel').waitFor();
      await page.getByTestId('spot-mode-conditional').click();
      await page.getByTestId('conditional-form').waitFor();
      await page.getByTestId('conditional-kind-take_profit').click();
      await page.getByTestId('conditional-qty').fill(lang === 'tr-TR' ? '0,01' : '0.01');
      await page.getByTestId('conditional-trigger').fill('1000');
      await page.getByTestId('conditional-held').filter({ hasText: /\d/ }).waitFor();
      expect(await page.getByTestId('conditional-held').innerText()).toContain('USDT');
      await screenshot(page, `conditional-coin-ticket-${lang}`);
    }
  });
});
