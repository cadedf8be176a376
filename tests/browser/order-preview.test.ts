import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../domain/format/locale';
import { formatMoney, formatPrice } from '../../domain/format/number';
import { transfer } from '../../server/ledger/moves';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { trader, type Trader } from '../server/spot-support';

/**
 * The cost before every order, against the real broker on a book the test holds still (a
 * scripted source: the suite's simulator moves its book every 100 ms): each ticket's confirm
 * sheet shows the broker's preview, and the order then books exactly those figures.
 */
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? path.join('dist', 'client'));

type Envelope = { code: number; key?: string; data: Record<string, unknown> };
type Theme = 'light' | 'dark';
type TradeType = 'stock' | 'coin' | 'contract';

/** Every way the sheets are looked at: both languages, both themes. */
const LOOKS: readonly [Locale, Theme][] = [
  ['tr-TR', 'dark'],
  ['en-US', 'light'],
  ['tr-TR', 'light'],
  ['en-US', 'dark'],
];

/** The text of an element, its no-break spaces as plain ones. */
const text = async (page: Page, testId: string, within: string): Promise<string> =>
  (await page.getByTestId(within).getByTestId(testId).innerText()).replaceAll('\u00a0', ' ');

const usdt = (value: Decimal.Value, lang: Locale) =>
  formatMoney(new Decimal(value).toFixed(), lang, {
    currency: 'USDT',
    decimals: Math.max(2, new Decimal(value).decimalPlaces()),
  }).replaceAll('\u00a0', ' ');

describe('the cost before every order in Chromium', () => {
  let phone: Phone;
  let server: TestServer;
  let source: ScriptedSource;
  let user: Trader;
  let seq = 1;

  const api = async (p: string, form?: Record<string, string>): Promise<Envelope> => {
    const post = form === undefined ? {} : { method: 'POST', body: new URLSearchParams(form) };
    const answer = await fetch(server.api(p), { ...post, headers: { accesstoken: user.token } });
    return (await answer.json()) as Envelope;
  };

  /** The books as every test starts from them: a fill takes levels, the next look puts them back. */
  function books(): void {
    seq++;
    source.setBook(
      'THYAO',
      seq,
      [
        ['99.90', '50'],
        ['99.80', '100'],
      ],
      [
        ['100.10', '50'],
        ['100.20', '100'],
        ['100.50', '1000'],
      ],
    );
    source.setBook(
      'BTCUSDT',
      seq,
      [
        ['49990.00', '0.5'],
        ['49980.00', '2'],
      ],
      [
        ['50010.00', '0.5'],
        ['50020.00', '2'],
      ],
    );
  }

  beforeAll(async () => {
    source = scriptedSource([
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
    ]);
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
    source.setMark('BTCUSDT', { mark: '50000.00' });
    books();
    server = await startServer('pglite', { source, clientDir: CLIENT_DIR });
    user = await trader(server.database.db, { TRY: '100000', USDT: '100000' });
    await transfer(server.database.db, {
      reason: 'test',
      referenceType: 'test',
      referenceId: 'order-preview',
      userId: user.userId,
      accountType: 'real',
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '20000',
    });
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
    await server?.close();
  });

  const signIn = (page: Page, lang: Locale, theme: Theme, tradeType: TradeType) =>
    signInAs(page, server.url, { userToken: user.token }, lang, { theme, systemTradeType: tradeType });

  /** The preview in a sheet, once the broker's figures are in. */
  async function previewReady(page: Page, testId: string): Promise<void> {
    await page.locator(`[data-testid="${testId}"][data-state="ready"]`).waitFor({ timeout: 15_000 });
  }

  async function stockConfirm(page: Page, lang: Locale, theme: Theme): Promise<void> {
    books();
    await signIn(page, lang, theme, 'stock');
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('stock-ticket').waitFor();
    await page.getByTestId('ticket-cash').waitFor();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('120');
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('confirm-sheet').waitFor();
    await previewReady(page, 'stock-preview');
    await screenshot(page, `order-preview-stock-${lang}-${theme}`);
  }

  it('the stock ticket: fees by line, average, hold and total, then booked as shown', async () => {
    const { page } = phone;
    await stockConfirm(page, 'tr-TR', 'dark');
    const sheet = 'confirm-sheet';
    // 50 × 100,10 + 70 × 100,20 = 12.019; 18,03 + 0,90 + 0,36 in costs; held at 100,70 a share.
    expect(await text(page, 'cost-commission', sheet)).toBe('₺18,03');
    expect(await text(page, 'cost-bsmv', sheet)).toBe('₺0,90');
    expect(await text(page, 'cost-exchange-fee', sheet)).toBe('₺0,36');
    expect(await text(page, 'preview-avg', sheet)).toBe('100,15');
    expect(await text(page, 'preview-from-last', sheet)).toBe('+0,15 (+%0,16)');
    expect(await text(page, 'preview-hold', sheet)).toBe('₺12.103,40');
    expect(await text(page, 'cost-total', sheet)).toBe('₺12.038,29');
    const cash = async () => String((await api('/stock/hold/info?symbol=THYAO')).data.cashAvailable);
    const before = await cash();
    await page.getByTestId('confirm-sheet-submit').click();
    await page.getByTestId('result-sheet').waitFor();
    expect(await page.locator('[data-outcome]').getAttribute('data-outcome')).toBe('filled');
    const orders = await api('/stock/order/list?status=history');
    const [order] = orders.data.list as { fees: string; avgPrice: string; filledAmount: string }[];
    expect(formatMoney(order?.fees, 'tr-TR', { currency: 'TRY' })).toBe('₺19,29');
    expect(formatPrice(order?.avgPrice, 'tr-TR', 2)).toBe('100,15');
    const spent = new Decimal(before).minus(await cash());
    expect(formatMoney(spent.toFixed(), 'tr-TR', { currency: 'TRY' })).toBe('₺12.038,29');
    for (const [lang, theme] of LOOKS.slice(1)) {
      await stockConfirm(page, lang, theme);
      await page.getByTestId('confirm-sheet-cancel').click();
    }
  });

  async function coinConfirm(page: Page, lang: Locale, theme: Theme): Promise<void> {
    books();
    await signIn(page, lang, theme, 'coin');
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=BTCUSDT&side=buy`);
    await page.getByTestId('spot-panel').waitFor();
    await page.getByTestId('spot-qty').fill(lang === 'tr-TR' ? '0,6' : '0.6');
    await page.getByTestId('spot-submit').click();
    await page.getByTestId('spot-confirm').waitFor();
    await previewReady(page, 'spot-preview');
    await screenshot(page, `order-preview-coin-${lang}-${theme}`);
  }

  it('the coin spot ticket: the fee, average, hold and total, then booked as shown', async () => {
    const { page } = phone;
    await coinConfirm(page, 'en-US', 'light');
    const sheet = 'spot-confirm';
    // 0.5 × 50,010 + 0.1 × 50,020 = 30,007; fee 30.007; held at 50,270.10.
    expect(await text(page, 'spot-fee', sheet)).toBe('30.007 USDT');
    expect(await text(page, 'preview-avg', sheet)).toBe('50,011.66');
    expect(await text(page, 'preview-hold', sheet)).toBe('30,192.22206 USDT');
    expect(await text(page, 'spot-total', sheet)).toBe('30,037.007 USDT');
    await page.getByTestId('spot-confirm-submit').click();
    await page.getByTestId('spot-result').waitFor();
    const orders = await api('/coin/order/list', { status: 'history' });
    const [order] = orders.data.list as { fees: string; avgPrice: string }[];
    expect(usdt(order?.fees ?? '', 'en-US')).toBe('30.007 USDT');
    expect(formatPrice(order?.avgPrice, 'en-US', 2)).toBe('50,011.66');
    for (const [lang, theme] of LOOKS.filter(([l, th]) => !(l === 'en-US' && th === 'light'))) {
      await coinConfirm(page, lang, theme);
      await page.getByTestId('spot-confirm-cancel').click();
    }
  });

  it('a preview the broker refuses says why and leaves the confirm to the user', async () => {
    const { page } = phone;
    await coinConfirm(page, 'en-US', 'dark');
    await page.getByTestId('spot-confirm-cancel').click();
    // The asks go without a word to the page: the ticket still prices on the book it was sent.
    source.setBook('BTCUSDT', ++seq, [['49990.00', '0.5']], []);
    await page.getByTestId('spot-submit').click();
    await page.locator('[data-testid="spot-preview"][data-state="failed"]').waitFor({ timeout: 15_000 });
    expect(await text(page, 'spot-preview-failed', 'spot-confirm')).toContain(
      'There is no one on the other side of the book right now.',
    );
    // The ticket's own estimate stays, and confirming is still the user's call.
    expect(await text(page, 'spot-total', 'spot-confirm')).toMatch(/USDT$/);
    expect(await page.getByTestId('spot-confirm-submit').isDisabled()).toBe(false);
    await screenshot(page, 'order-preview-failed-en-US-dark');
    await page.getByTestId('spot-confirm-cancel').click();
  });

  async function contractConfirm(page: Page, lang: Locale, theme: Theme): Promise<void> {
    books();
    await signIn(page, lang, theme, 'contract');
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=BTCUSDT`);
    await page.getByTestId('ticket-open').waitFor();
    await page.getByTestId('leverage-5').click();
    await page.getByTestId('ticket-mode-quantity').click();
    await page.getByTestId('ticket-size').fill(lang === 'tr-TR' ? '0,6' : '0.6');
    await page.getByTestId('ticket-open').click();
    const risk = page.getByTestId('risk-sheet');
    const confirm = page.getByTestId('contract-confirm');
    await risk.or(confirm).first().waitFor();
    if (await risk.isVisible()) {
      await page.getByTestId('risk-agree').check();
      await page.getByTestId('risk-accept').click();
    }
    await confirm.waitFor();
    await previewReady(page, 'contract-preview');
    await screenshot(page, `order-preview-contract-${lang}-${theme}`);
  }

  it('the contract ticket: entry, margin, fee, liquidation price and total, then opened as shown', async () => {
    const { page } = phone;
    await contractConfirm(page, 'tr-TR', 'light');
    const sheet = 'contract-confirm';
    // 30.007 notional at 5×: 6.001,40 margin, 15,0035 opening fee.
    expect(await text(page, 'ticket-margin', sheet)).toBe('6.001,40 USDT');
    expect(await text(page, 'ticket-fee', sheet)).toBe('15,0035 USDT');
    expect(await text(page, 'confirm-cost', sheet)).toBe('6.016,4035 USDT');
    const liquidation = await text(page, 'ticket-liq', sheet);
    await page.getByTestId('contract-confirm-submit').click();
    await page.getByTestId('contract-confirm').waitFor({ state: 'detached' });
    const active = await api('/coin/contract/order/list/active', {});
    const [position] = active.data.list as { margin: string; openFee: string; liquidationPrice: string }[];
    expect(usdt(position?.margin ?? '', 'tr-TR')).toBe('6.001,40 USDT');
    expect(usdt(position?.openFee ?? '', 'tr-TR')).toBe('15,0035 USDT');
    expect(formatPrice(position?.liquidationPrice, 'tr-TR', 2)).toBe(liquidation);
    for (const [lang, theme] of LOOKS.filter(([l, th]) => !(l === 'tr-TR' && th === 'light'))) {
      await contractConfirm(page, lang, theme);
      await page.getByTestId('contract-confirm-cancel').click();
    }
  });
});
