import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDecimal } from '../../domain/format/number';
import { coinBuyByAmount } from '../../domain/trade/by-amount';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { holdCalls, shownFigure, typedIn, type HeldCalls } from '../support/held-preview';
import { rng, seedFromEnv } from '../support/random';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { trader, type Trader } from '../server/spot-support';

/**
 * The coin ticket's own estimate of a buy by amount, before the broker's preview answers: on the
 * ticket and in the confirm sheet it never comes to more than the amount typed, and once the
 * preview comes it says the same figures. The book holds still (a scripted source) and the
 * preview's answer is held back in the browser until the ticket's figures have been read.
 */
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const PREVIEW = '/ipxtrg-api/coin/order/preview';
type Lang = 'tr-TR' | 'en-US';

/** Four ask levels, 0.517 BTC in all (domain/trade/coin-by-amount.test.ts has the same book). */
const ASKS: [string, string][] = [
  ['50010.00', '0.004'],
  ['50012.37', '0.003'],
  ['50020.00', '0.01'],
  ['50100.00', '0.5'],
];

/** The asks as the page holds them, and the broker's default coin fee. */
const BOOK = {
  bids: [],
  bidQty: {},
  asks: ASKS.map(([price]) => price),
  askQty: Object.fromEntries(ASKS),
};
const FEE = { feeRate: '0.001', minAmount: '5' };

describe("the coin ticket's buy by amount, before the preview answers", () => {
  let phone: Phone;
  let server: TestServer;
  let source: ScriptedSource;
  let user: Trader;
  let calls: HeldCalls;
  let beat: ReturnType<typeof setInterval> | undefined;

  beforeAll(async () => {
    source = scriptedSource([
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
    ]);
    source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
    source.setMark('BTCUSDT', { mark: '50000.00' });
    source.setBook('BTCUSDT', 1, [['49990.00', '1']], ASKS);
    server = await startServer('pglite', { source, clientDir: CLIENT_DIR });
    // A market order waits for a live feed (the pair's ticker and mark), and a silent one reads
    // as stale within seconds: the pair ticks, its book the same at every tick.
    beat = setInterval(() => {
      source.emitTicker('BTCUSDT', { last: '50000.00' });
      source.emitMark('BTCUSDT', { mark: '50000.00' });
      source.emitBook('BTCUSDT', [], ASKS);
    }, 400);
    user = await trader(server.database.db, { USDT: '100000' });
    phone = await openPhone();
    // Every preview waits until the test lets it go (release), so the sheet opens on the
    // ticket's own estimate, as it does on a slow line.
    calls = await holdCalls(phone.page, `**${PREVIEW}`);
  });
  afterAll(async () => {
    clearInterval(beat);
    await phone?.close();
    await server?.close();
  });

  const release = () => calls.release();
  const local = typedIn;
  const figure = (scope: string, id: string, lang: Lang) => shownFigure(phone.page, scope, id, lang);

  async function openTicket(page: Page, lang: Lang, type: 'market' | 'limit'): Promise<void> {
    await signInAs(page, server.url, { userToken: user.token }, lang, { systemTradeType: 'coin' });
    await page.goto(`${server.url}/pages/tabbar/trade?symbol=BTCUSDT&side=buy`);
    await screen(page, '/pages/tabbar/trade');
    await page.getByTestId('spot-panel').waitFor();
    await page.getByTestId(`spot-type-${type}`).click();
    if (type === 'limit') await page.getByTestId('spot-price').fill(local('50020.00', lang));
    await page.getByTestId('size-mode-amount').click();
  }

  /**
   * Types `budget`, waits for what it buys, and checks the ticket's total and what it leaves, then
   * the confirm sheet's on the ticket's estimate, against the budget; answers the sheet's total.
   */
  async function estimate(
    page: Page,
    lang: Lang,
    order: { budget: string; qty: string; total: string },
    shot?: string,
  ) {
    const { budget, qty } = order;
    await page.getByTestId('by-amount').fill(local(budget, lang));
    await page
      .getByTestId('by-amount-qty')
      .filter({ hasText: `${formatDecimal(qty, lang, { decimals: 5 })} BTC` })
      .waitFor();
    const where = `${lang} ${budget}`;
    // The ticket's total, cut to the decimals it shows, once the book is in (a limit's quantity is
    // sized before it comes): the walk's, hand-computed.
    await expect
      .poll(async () => new Decimal(order.total).minus(await figure('spot-costs', 'spot-total', lang)).abs())
      .toSatisfy((gap: Decimal) => gap.lt('0.01'));
    const total = await figure('spot-costs', 'spot-total', lang);
    const left = await figure('spot-panel', 'by-amount-leftover', lang);
    expect(total.lte(budget), where).toBe(true);
    expect(total.plus(left).lte(budget), where).toBe(true);
    if (shot) {
      await page.getByTestId('spot-costs').scrollIntoViewIfNeeded();
      await screenshot(page, shot);
    }
    await page.getByTestId('spot-submit').click();
    const sheet = page.getByTestId('spot-confirm');
    await sheet.locator('[data-testid="spot-preview"][data-state="loading"]').waitFor();
    const sheetTotal = await figure('spot-confirm', 'spot-total', lang);
    const sheetLeft = await figure('spot-confirm', 'by-amount-leftover', lang);
    expect(sheetTotal.lte(budget), where).toBe(true);
    expect(sheetTotal.plus(sheetLeft).lte(budget), where).toBe(true);
    return sheetTotal;
  }

  /**
   * Lets the held preview answer and checks the broker's total: the walk's, the budget's at most.
   * The ticket's total read `before` it and the leftover read under it add up to no more than the
   * budget either: the two figures are one walk's.
   */
  async function previewed(page: Page, lang: Lang, budget: string, exact: string, before: Decimal) {
    await release();
    const sheet = page.getByTestId('spot-confirm');
    await sheet.locator('[data-testid="spot-preview"][data-state="ready"]').waitFor();
    const total = await figure('spot-confirm', 'spot-total', lang);
    expect(total.toFixed()).toBe(exact);
    const left = await figure('spot-confirm', 'by-amount-leftover', lang);
    expect(total.plus(left).toFixed()).toBe(new Decimal(budget).toFixed());
    expect(before.plus(left).lte(budget), `${lang} ${budget}`).toBe(true);
  }

  async function closeSheet(page: Page): Promise<void> {
    await page.getByTestId('spot-confirm-cancel').click();
    await page.getByTestId('spot-confirm').waitFor({ state: 'hidden' });
    await release();
  }

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at market: 1000 and 250.50 USDT walked level by level, never above what was typed',
    async (lang) => {
      const { page } = phone;
      await openTicket(page, lang, 'market');
      // 0.004 × 50010 + 0.003 × 50012.37 + 0.01 × 50020 + 0.00296 × 50100 = 998.57311, fee 0.99857311.
      const order = { budget: '1000', qty: '0.01996', total: '999.57168311' };
      const shown = await estimate(page, lang, order, `coin-budget-ticket-${lang}`);
      await screenshot(page, `coin-budget-confirm-${lang}`);
      await previewed(page, lang, '1000', '999.57168311', shown);
      await closeSheet(page);
      // 200.04 + 0.001 × 50012.37 = 250.05237, fee 0.25005237.
      const second = await estimate(page, lang, { budget: '250.5', qty: '0.005', total: '250.30242237' });
      await previewed(page, lang, '250.5', '250.30242237', second);
      await closeSheet(page);
    },
  );

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at market past the four levels: all they hold, and the line saying the book shown is thin',
    async (lang) => {
      const { page } = phone;
      await openTicket(page, lang, 'market');
      await page.getByTestId('by-amount').fill(local('1000', lang));
      await page.getByTestId('by-amount-qty').filter({ hasText: 'BTC' }).waitFor();
      expect(await page.getByTestId('by-amount-thin').count()).toBe(0);
      // 200.04 + 150.03711 + 500.2 + 0.5 × 50100 = 25,900.27711 for the 0.517 shown, fee
      // 25.90027711: 30,000 would buy more were the book deeper at 50,100.
      const order = { budget: '30000', qty: '0.517', total: '25926.17738711' };
      await page.getByTestId('by-amount').fill(local(order.budget, lang));
      await page.getByTestId('by-amount-thin').waitFor();
      await page
        .getByTestId('by-amount-result')
        .evaluate((node) => node.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await screenshot(page, `coin-budget-thin-${lang}`);
      const shown = await estimate(page, lang, order);
      await previewed(page, lang, order.budget, order.total, shown);
      await closeSheet(page);
    },
  );

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at market and at a limit, seeded budgets: the estimate never above the amount typed',
    async (lang) => {
      const { page } = phone;
      const seed = seedFromEnv();
      const random = rng(seed);
      await openTicket(page, lang, 'market');
      for (let i = 0; i < 8; i++) {
        // Half at market, half at a 50,020 limit.
        const limit = i >= 4;
        if (i === 4) {
          await page.getByTestId('spot-type-limit').click();
          await page.getByTestId('spot-price').fill(local('50020.00', lang));
        }
        // 5 to 25,000 USDT with up to 2 decimals: past 25,900 the four levels run out.
        const budget = new Decimal(500 + Math.floor(random() * 2_500_000)).div(100).toFixed();
        // What it buys, to know the ticket has taken the budget in (its figures are the test's).
        const pricing = limit
          ? { kind: 'limit' as const, price: '50020.00', book: BOOK }
          : { kind: 'market' as const, book: BOOK };
        const bought = coinBuyByAmount(budget, '0.00001', pricing, FEE);
        const qty = formatDecimal(bought?.quantity ?? '0', lang, { decimals: 5 });
        await page.getByTestId('by-amount').fill(local(budget, lang));
        await page
          .getByTestId('by-amount-qty')
          .filter({ hasText: `${qty} BTC` })
          .waitFor();
        const total = await figure('spot-costs', 'spot-total', lang);
        const left = await figure('spot-panel', 'by-amount-leftover', lang);
        expect(total.plus(left).lte(budget), `SEED=${seed} ${budget}`).toBe(true);
      }
    },
  );

  it.each(['tr-TR', 'en-US'] as const)(
    '%s at a 50,020 limit: 250.50 USDT buys what the limit pays for, estimated at the asks below it',
    async (lang) => {
      const { page } = phone;
      await openTicket(page, lang, 'limit');
      // Sized at the limit: 0.005 × 50020 = 250.1 + 0.2501 (0.00501 would be 250.6002 + its fee).
      // Estimated as the broker walks it: 200.04 + 0.001 × 50012.37 = 250.05237 + 0.25005237.
      const shown = await estimate(page, lang, { budget: '250.5', qty: '0.005', total: '250.30242237' });
      await screenshot(page, `coin-budget-confirm-limit-${lang}`);
      await previewed(page, lang, '250.5', '250.30242237', shown);
      await closeSheet(page);
    },
  );
});
