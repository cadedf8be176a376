import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { formatDecimal, formatPrice } from '../../domain/format/number';
import { screen } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { apiData, label, sheetRow, signIn, type Broker } from './number-field-session';
import type { OracleLocale } from './typed-number-oracle';

// BTCUSDT as the catalogue lists it: prices to 2 decimals, quantities to 5.
const SYMBOL = 'BTCUSDT';
const PRICE_SCALE = 2;
const QTY_SCALE = 5;

/** The coin's last price, and prices a few percent either side of it, on its 0.01 grid. */
async function lastPrices(
  broker: Broker,
  user: CreatedUser,
): Promise<{ last: string; up: string; down: string }> {
  const ticker = await apiData(broker, user.userToken, '/coin/ticker', { symbol: SYMBOL });
  const last = new Decimal(String(ticker.price));
  const at = (factor: number) =>
    last.times(factor).toDecimalPlaces(PRICE_SCALE, Decimal.ROUND_DOWN).toFixed();
  return { last: at(1), up: at(1.05), down: at(0.95) };
}

/** The coin ticket, a limit buy with `price` and `qty` typed in (the other field is the one under test). */
async function openSpot(
  page: Page,
  broker: Broker,
  user: CreatedUser,
  lang: OracleLocale,
  start: { price: string; qty: string },
) {
  await signIn(page, broker, user, lang, 'coin');
  await page.goto(`${broker.base}/pages/tabbar/trade?symbol=${SYMBOL}&side=buy`);
  await screen(page, '/pages/tabbar/trade');
  await page.getByTestId('spot-panel').waitFor();
  await page.getByTestId('spot-type-limit').click();
  const local = (value: string) => (lang === 'tr-TR' ? value.replace('.', ',') : value);
  await page.getByTestId('spot-price').fill(local(start.price));
  await page.getByTestId('spot-qty').fill(local(start.qty));
}

/**
 * The risk disclosure before a first contract: accepted, it goes with the order itself, so until
 * one is placed (never, here) every open asks again.
 */
async function acceptRisk(page: Page): Promise<void> {
  if (!(await page.getByTestId('risk-sheet').isVisible())) return;
  await page.getByTestId('risk-agree').check();
  await page.getByTestId('risk-accept').click();
}

/** The contract ticket sized by quantity, 0.001 BTC typed in (the field under test may replace it). */
async function openContract(page: Page, broker: Broker, user: CreatedUser, lang: OracleLocale) {
  await signIn(page, broker, user, lang, 'contract');
  await page.goto(`${broker.base}/pages/tabbar/trade?symbol=${SYMBOL}`);
  await page.getByTestId('ticket-open').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
  );
  await page.getByTestId('ticket-mode-quantity').click();
  await page.getByTestId('ticket-size').fill(lang === 'tr-TR' ? '0,001' : '0.001');
}

/** The coin spot ticket's limit price and quantity; the contract ticket's quantity, take-profit and stop-loss. */
export async function coinCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const prices = await lastPrices(broker, user);
  const spot = {
    submit: 'spot-submit',
    // The order's rules (the least amount, the balance) are said under the quantity, whichever
    // figure broke them.
    refusals: ['spot-error', 'spot-qty-error'],
    open: (page: Page, lang: OracleLocale) =>
      openSpot(page, broker, user, lang, { price: prices.last, qty: '0.001' }),
  };
  const spotRow = (key: string) => (page: Page, lang: OracleLocale) =>
    sheetRow(page, 'spot-confirm', label(lang, 'contract', key)).innerText();
  const contract = {
    submit: 'ticket-open',
    afterSubmit: acceptRisk,
    refusals: ['ticket-blocked', 'ticket-no-usdt', 'ticket-size-error'],
    open: (page: Page, lang: OracleLocale) => openContract(page, broker, user, lang),
  };
  const inContract = (testId: string) => (page: Page) =>
    page.getByTestId('contract-confirm').getByTestId(testId).innerText();
  const price = (value: string, lang: OracleLocale) => formatPrice(value, lang, PRICE_SCALE);
  const coins = (value: string, lang: OracleLocale) =>
    `${formatDecimal(value, lang, { decimals: QTY_SCALE })} BTC`;
  return [
    {
      ...spot,
      name: 'coin spot limit price',
      testId: 'spot-price',
      spec: { decimals: PRICE_SCALE },
      likely: () => [prices.last, prices.down],
      outcome: { kind: 'sheet', sheet: 'spot-confirm', read: spotRow('spot.price'), expected: price },
    },
    {
      ...spot,
      name: 'coin spot quantity',
      testId: 'spot-qty',
      spec: { decimals: QTY_SCALE },
      likely: () => ['0.001', '0.0125', '0.2'],
      outcome: { kind: 'sheet', sheet: 'spot-confirm', read: spotRow('spot.quantity'), expected: coins },
    },
    {
      ...contract,
      name: 'contract quantity',
      testId: 'ticket-size',
      spec: { decimals: QTY_SCALE },
      likely: () => ['0.001', '0.0125', '0.05'],
      outcome: { kind: 'sheet', sheet: 'contract-confirm', read: inContract('ticket-qty'), expected: coins },
    },
    {
      ...contract,
      name: 'contract take-profit',
      testId: 'ticket-tp',
      refusals: [...contract.refusals, 'ticket-sl-error'],
      spec: { decimals: PRICE_SCALE },
      likely: () => [prices.up],
      outcome: { kind: 'sheet', sheet: 'contract-confirm', read: inContract('confirm-tp'), expected: price },
    },
    {
      ...contract,
      name: 'contract stop-loss',
      testId: 'ticket-sl',
      refusals: [...contract.refusals, 'ticket-tp-error'],
      spec: { decimals: PRICE_SCALE },
      likely: () => [prices.down],
      outcome: { kind: 'sheet', sheet: 'contract-confirm', read: inContract('confirm-sl'), expected: price },
    },
  ];
}
