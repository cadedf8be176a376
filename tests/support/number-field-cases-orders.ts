import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { formatDecimal, formatPercent, formatPrice } from '../../domain/format/number';
import { stockTick } from '../../domain/rules/stock';
import { screen } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { apiData, signIn, type Broker } from './number-field-session';
import type { OracleLocale } from './typed-number-oracle';

const SYMBOL = 'THYAO';
const SHEET = 'conditional-confirm';

/** THYAO's price on its tick, and 10 % above it (a buy stop's trigger, an alert's level). */
async function stockPrices(broker: Broker, user: CreatedUser): Promise<{ last: string; above: string }> {
  const info = await apiData(broker, user.userToken, '/stock/index/info', { symbol: SYMBOL }, 'GET');
  const onTick = (price: Decimal) => {
    const tick = new Decimal(stockTick(price.toFixed()));
    return price.dividedBy(tick).floor().times(tick).toFixed();
  };
  const last = new Decimal(String(info.price));
  return { last: onTick(last), above: onTick(last.times(1.1)) };
}

/** The stock ticket's Conditional tab as a `kind`, with `fill` typed in other fields first. */
async function openConditional(
  page: Page,
  broker: Broker,
  user: CreatedUser,
  lang: OracleLocale,
  kind: string,
  fill: Record<string, string> = {},
) {
  await signIn(page, broker, user, lang, 'stock');
  await page.goto(`${broker.base}/pages/tabbar/trade?symbol=${SYMBOL}&side=buy`);
  await screen(page, '/pages/tabbar/trade');
  await page.getByTestId('stock-ticket').waitFor();
  await page.getByTestId('ticket-mode-conditional').click();
  await page.getByTestId('conditional-form').waitFor();
  await page.getByTestId(`conditional-kind-${kind}`).click();
  for (const [testId, value] of Object.entries(fill))
    await page.getByTestId(testId).fill(lang === 'tr-TR' ? value.replace('.', ',') : value);
}

/** The conditional form's trigger, limit, trail and quantity; the price alert's level. */
export async function orderCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const prices = await stockPrices(broker, user);
  const row = (testId: string) => (page: Page) => page.getByTestId(SHEET).getByTestId(testId).innerText();
  const price = (value: string, lang: OracleLocale) => formatPrice(value, lang, 2);
  const conditional = {
    submit: 'conditional-submit',
    refusals: ['conditional-error', 'conditional-confirm-error'],
  };
  return [
    {
      ...conditional,
      name: 'conditional trigger',
      testId: 'conditional-trigger',
      spec: { decimals: 2 },
      likely: () => [prices.above, prices.last],
      open: (page, lang) => openConditional(page, broker, user, lang, 'stop'),
      outcome: { kind: 'sheet', sheet: SHEET, read: row('conditional-when'), expected: price, within: true },
    },
    {
      ...conditional,
      name: 'conditional limit price',
      testId: 'conditional-limit',
      spec: { decimals: 2 },
      likely: () => [prices.above, prices.last],
      open: (page, lang) =>
        openConditional(page, broker, user, lang, 'stop_limit', { 'conditional-trigger': prices.above }),
      outcome: {
        kind: 'sheet',
        sheet: SHEET,
        read: row('conditional-places'),
        expected: price,
        within: true,
      },
    },
    {
      ...conditional,
      name: 'conditional trail',
      testId: 'conditional-trail',
      spec: { decimals: 2 },
      likely: () => ['5', '2.5', '10'],
      open: (page, lang) => openConditional(page, broker, user, lang, 'trailing'),
      outcome: {
        kind: 'sheet',
        sheet: SHEET,
        read: row('conditional-when'),
        expected: (value, lang) => formatPercent(value, lang, { signed: false, decimals: 2 }),
        within: true,
      },
    },
    {
      ...conditional,
      name: 'conditional quantity',
      testId: 'conditional-qty',
      spec: { decimals: 0, whole: true },
      likely: () => ['2', '15'],
      open: (page, lang) =>
        openConditional(page, broker, user, lang, 'stop', { 'conditional-trigger': prices.above }),
      outcome: {
        kind: 'sheet',
        sheet: SHEET,
        read: row('conditional-places'),
        expected: (value, lang) => formatDecimal(value, lang, { decimals: 0 }),
        within: true,
      },
    },
    alertCase(broker, user, prices),
  ];
}

/** A price alert's level: the form sends at once, so its request is stopped and read. */
function alertCase(
  broker: Broker,
  user: CreatedUser,
  prices: { last: string; above: string },
): NumberFieldCase {
  return {
    name: 'alert threshold',
    testId: 'alert-threshold',
    submit: 'alert-add',
    spec: { decimals: 8 },
    likely: () => [prices.above, prices.last],
    open: async (page, lang) => {
      await signIn(page, broker, user, lang);
      await page.goto(`${broker.base}/pages/user/alerts?symbol=${SYMBOL}&kind=above`);
      await screen(page, '/pages/user/alerts');
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="alert-symbol"]') as HTMLInputElement | null)?.value ===
          'THYAO',
      );
    },
    outcome: { kind: 'request', path: '/user/alert/add', field: 'threshold' },
  };
}
