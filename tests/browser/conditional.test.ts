import Decimal from 'decimal.js';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stockTick } from '../../domain/rules/stock';
import { signedInPhone, signInAs } from '../support/browser-session';
import { screen, screenshot } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const API = `${base}/ipxtrg-api`;
const SYMBOL = 'THYAO';

/** The ticket opens on the stock switch. */
const STOCK = { systemTradeType: 'stock' };

type Created = { userId: string; userToken: string; userTokenDemo: string };
type Envelope = { code: number; key?: string; data: Record<string, unknown> };

async function api(token: string, path: string, init: RequestInit = {}): Promise<Envelope> {
  const headers = { accesstoken: token, 'Accept-Language': 'en-US', ...(init.headers ?? {}) };
  return (await (await fetch(`${API}${path}`, { ...init, headers })).json()) as Envelope;
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

/**
 * A buy stop one tick above the last price for nearly all of `cash`: the next print up fires it,
 * and the market buy it places then costs more than the hold taken at the trigger (the asks
 * stand above it, and a few thousand lots walk the book), so it is refused for want of cash.
 */
async function tightStop(token: string, cash: number): Promise<{ id: string }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const info = (await (await fetch(`${API}/stock/index/info?symbol=${SYMBOL}`)).json()) as Envelope;
    const price = new Decimal(String(info.data.price));
    const trigger = price.plus(stockTick(price.toFixed()));
    // Commission 0.15 %, its BSMV and the exchange fee: about 0.1605 % on top.
    let quantity = new Decimal(cash).dividedBy(trigger.times(1.0017)).floor();
    for (;;) {
      const body = new URLSearchParams({
        symbol: SYMBOL,
        side: 'buy',
        kind: 'stop',
        quantity: quantity.toFixed(),
        trigger: trigger.toFixed(),
      });
      const placed = await api(token, '/stock/order/conditional/add', { method: 'POST', body });
      if (placed.code === 0) return (placed.data.list as { id: string }[])[0]!;
      if (placed.key !== 'INSUFFICIENT_BALANCE') break;
      quantity = quantity.minus(1);
    }
  }
  throw new Error('no stop placed');
}

describe('conditional orders in Chromium', () => {
  const me = signedInPhone({
    fund: ['100000', '--reason', 'conditional', '--wallet', 'stock', '--currency', 'TRY'],
  });

  it('places a stop on the stock ticket, finds it listed with its hold, and cancels it', async () => {
    const { page } = me.phone;
    await signInAs(page, base, me.user, 'tr-TR', STOCK);
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

    const listed = await api(me.user.userToken, '/stock/order/conditional/list', { method: 'POST' });
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
    const after = await api(me.user.userToken, '/stock/order/conditional/list', { method: 'POST' });
    expect((after.data.list as { state: string }[])[0]?.state).toBe('cancelled');
  });

  it('says the same in English', async () => {
    const { page } = me.phone;
    await signInAs(page, base, me.user, 'en-US', STOCK);
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

  it.each([
    ['tr-TR', 'Son fiyat'],
    ['en-US', 'The last price'],
  ] as const)(
    'says a trigger the price has already reached before anything is sent (%s)',
    async (lang, words) => {
      const { page } = me.phone;
      await signInAs(page, base, me.user, lang, STOCK);
      await openConditionalTab(page);
      // A buy stop waits for a rise: 10 % under the price (inside the band) has been reached.
      const info = (await (await fetch(`${API}/stock/index/info?symbol=${SYMBOL}`)).json()) as Envelope;
      const low = new Decimal(String(info.data.price)).times(0.9);
      const tick = new Decimal(stockTick(low.toFixed()));
      const trigger = low.dividedBy(tick).floor().times(tick).toFixed(2);
      await page
        .getByTestId('conditional-trigger')
        .fill(lang === 'tr-TR' ? trigger.replace('.', ',') : trigger);
      await page.getByTestId('conditional-qty').fill('2');
      const said = page.getByTestId('conditional-error');
      await said.waitFor();
      expect(await said.getAttribute('data-key')).toBe('CONDITIONAL_TRIGGER_CROSSED');
      expect(await said.innerText()).toContain(words);
      // Enabled, as a tick may take the price back off the trigger; a tap now opens no review.
      await page.getByTestId('conditional-submit').click();
      await said.waitFor();
      expect(await page.getByTestId('conditional-confirm').count()).toBe(0);
      await said.scrollIntoViewIfNeeded();
      await screenshot(page, `conditional-crossed-${lang}`);
    },
  );

  it('shows a stop refused at its trigger at once, with its reason, and in the message centre', async () => {
    const { page } = me.phone;
    const buyer = (await operator(['create-user'], cli)) as Created;
    const profile = await api(buyer.userToken, '/user/info', { method: 'POST' });
    const cash = 1_000_000;
    await operator(
      [
        'fund',
        String(profile.data.id),
        String(cash),
        '--reason',
        'conditional',
        '--wallet',
        'stock',
        '--currency',
        'TRY',
      ],
      cli,
    );
    await signInAs(page, base, buyer, 'en-US', STOCK);
    const stop = await tightStop(buyer.userToken, cash);
    await page.goto(`${base}/pages/stock/conditional`);
    await screen(page, '/pages/stock/conditional');
    const row = page.locator(`[data-testid="conditional-row"][data-id="${stop.id}"]`);
    await row.waitFor();
    // The list is not reloaded: the orders channel changes the row when the stop is refused.
    await page
      .locator(`[data-testid="conditional-row"][data-id="${stop.id}"][data-state="refused"]`)
      .waitFor({ timeout: 90_000 });
    expect(await row.getByTestId('conditional-reason').innerText()).toBe('Insufficient balance.');
    await screenshot(page, 'conditional-refused-en-US');
    for (const [lang, title, reason] of [
      ['tr-TR', 'Stop reddedildi: THYAO', 'Yetersiz bakiye.'],
      ['en-US', 'Stop refused: THYAO', 'Insufficient balance.'],
    ] as const) {
      await signInAs(page, base, buyer, lang, STOCK);
      await page.goto(`${base}/pages/stock/conditional`);
      await screen(page, '/pages/stock/conditional');
      expect(await row.getByTestId('conditional-reason').innerText()).toBe(reason);
      if (lang === 'tr-TR') await screenshot(page, 'conditional-refused-tr-TR');
      await page.goto(`${base}/pages/user/message`);
      await screen(page, '/pages/user/message');
      const item = page.locator('[data-testid^="message-item-"]', { hasText: title });
      await item.locator('button').first().click();
      expect(await item.locator('.feed-item__body').innerText()).toContain(reason);
      await screenshot(page, `message-centre-refused-${lang}`);
      await page.goto(`${base}/pages/user/notifications`);
      await page.getByTestId('notifications-conditional').waitFor();
      await screenshot(page, `notifications-conditional-${lang}`);
    }
  });

  it('offers the same tab on the coin ticket, in both languages', async () => {
    const { page } = me.phone;
    for (const lang of ['tr-TR', 'en-US']) {
      await signInAs(page, base, me.user, lang, STOCK);
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

  it("says on the coin ticket's tab that its rules did not arrive, and asks again (both languages)", async () => {
    // Offline as the ticket asked for its rules (their own chunk): the tab stayed on its skeleton.
    const { page } = me.phone;
    const rules = /\/assets\/spot-rules-[^/]*\.js$/;
    let blocked = true;
    let asked = 0;
    await page.context().route(rules, (route) => {
      asked += 1;
      return blocked ? route.abort() : route.continue();
    });
    try {
      for (const lang of ['tr-TR', 'en-US']) {
        blocked = true;
        await signInAs(page, base, me.user, lang, STOCK);
        await page.goto(`${base}/pages/tabbar/trade?symbol=BTCUSDT`);
        await screen(page, '/pages/tabbar/trade');
        await page.getByTestId('spot-mode-conditional').click();
        const error = page.getByTestId('panel-chunk-error');
        await error.waitFor({ timeout: 15_000 });
        await screenshot(page, `conditional-coin-rules-failed-${lang}`);
        // Retry asks again: refused again while offline, the line comes back.
        const before = asked;
        await page.getByTestId('chunk-retry').click();
        await expect.poll(() => asked).toBeGreaterThan(before);
        await error.waitFor();
        blocked = false;
        await page.getByTestId('conditional-form').waitFor({ timeout: 15_000 });
      }
    } finally {
      await page.context().unroute(rules);
    }
  });
});
