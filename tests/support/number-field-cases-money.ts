import type { Page } from 'playwright-core';
import { formatDecimal, formatTry } from '../../domain/format/number';
import { screen } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { apiData, label, sheetRow, signIn, TRADER_PIN, type Broker } from './number-field-session';
import type { OracleLocale } from './typed-number-oracle';

/** Opens `route` signed in, and waits for the field under test. */
function opener(
  broker: Broker,
  user: CreatedUser,
  route: string,
  testId: string,
  then?: (page: Page) => Promise<void>,
) {
  return async (page: Page, lang: OracleLocale) => {
    await signIn(page, broker, user, lang);
    await page.goto(`${broker.base}${route}`);
    await screen(page, route.split('?')[0] ?? route);
    await page.getByTestId(testId).waitFor();
    await then?.(page);
  };
}

const inSheet = (sheet: string, testId: string) => (page: Page) =>
  page.getByTestId(sheet).getByTestId(testId).innerText();

/** USDT as the robot and coin-sale screens show it: 2 to 8 decimals, truncated, with its ticker. */
const robotUsdt = (value: string, lang: OracleLocale) =>
  `${formatDecimal(value, lang, { decimals: 8, minDecimals: 2 })}\u00a0USDT`;

/** The first coin sale open today (the broker seeds one), for its commitment form. */
async function openSale(broker: Broker, user: CreatedUser): Promise<string> {
  const today = await apiData(broker, user.userToken, '/coin/new/today');
  const [sale] = today.list as { id: string }[];
  if (!sale) throw new Error('no coin sale is open');
  return sale.id;
}

const lira = (value: string, lang: OracleLocale) => formatTry(value, lang);

/**
 * Money fields: bank deposit, exchange and the coin↔contract transfer; a robot, an AI product, a
 * loan, a coin sale's commitment and an option's contracts (productCases).
 */
export async function moneyCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  return [
    {
      name: 'bank deposit',
      testId: 'deposit-amount',
      spec: { decimals: 2 },
      likely: () => ['5000', '1250.5'],
      open: opener(broker, user, '/pages/recharge/bankRecharge?channel=garanti', 'deposit-amount'),
      submit: 'deposit-submit',
      outcome: {
        kind: 'sheet',
        sheet: 'deposit-confirm',
        read: inSheet('deposit-confirm', 'deposit-confirm-amount'),
        expected: lira,
      },
    },
    {
      name: 'exchange',
      testId: 'exchange-amount',
      spec: { decimals: 2 },
      likely: () => ['500', '12.5'],
      open: opener(broker, user, '/pages/exchange/stock', 'exchange-amount'),
      submit: 'exchange-quote',
      refusals: ['exchange-error'],
      outcome: { kind: 'request', path: '/user/exchange', field: 'amount' },
    },
    {
      name: 'transfer to contracts',
      testId: 'transfer-amount',
      spec: { decimals: 8 },
      likely: () => ['500', '12.5'],
      open: opener(broker, user, '/pages/exchange/cryptoTransfer', 'transfer-amount'),
      before: async (page) => page.getByTestId('transfer-pin').fill(TRADER_PIN),
      submit: 'transfer-submit',
      refusals: ['transfer-error'],
      outcome: { kind: 'request', path: '/coin/transfer', field: 'amount' },
    },
    ...(await productCases(broker, user)),
  ];
}

/** The products' amounts: a robot's capital, an AI product, a loan (and offerCases). */
async function productCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  return [
    {
      name: 'robot capital',
      testId: 'robot-amount',
      spec: { decimals: 8 },
      likely: () => ['250.5', '300'],
      open: opener(broker, user, '/pages/robot/detail?id=1', 'robot-amount', (page) =>
        page.getByTestId('robot-days').fill('2'),
      ),
      submit: 'robot-buy-submit',
      refusals: ['robot-buy-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'robot-confirm',
        read: inSheet('robot-confirm', 'robot-sheet-capital'),
        expected: robotUsdt,
      },
    },
    {
      name: 'AI product amount',
      testId: 'ai-amount-input',
      spec: { decimals: 2 },
      likely: () => ['5000', '2500.25'],
      open: opener(broker, user, '/pages/ai/order?id=momentum-5', 'ai-amount-input'),
      submit: 'ai-submit',
      refusals: ['ai-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'ai-confirm',
        read: (page, lang) => sheetRow(page, 'ai-confirm', label(lang, 'ai', 'order.amount')).innerText(),
        expected: lira,
      },
    },
    {
      name: 'loan amount',
      testId: 'loan-amount',
      spec: { decimals: 2 },
      likely: () => ['20000', '15000.5'],
      open: opener(broker, user, '/pages/user/loan', 'loan-amount'),
      submit: 'loan-apply',
      refusals: ['loan-apply-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'loan-apply-confirm',
        read: inSheet('loan-apply-confirm', 'schedule-amount'),
        expected: lira,
      },
    },
    ...(await offerCases(broker, user)),
  ];
}

/** A coin sale's commitment and an option's contracts. */
async function offerCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const sale = await openSale(broker, user);
  return [
    {
      name: 'coin sale commitment',
      testId: 'commit-amount-input',
      spec: { decimals: 8 },
      likely: () => ['100', '250.5'],
      open: opener(broker, user, `/pages/coinICO/icoOrder?id=${sale}`, 'commit-amount-input'),
      submit: 'commit-submit',
      refusals: ['commit-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'commit-confirm',
        read: inSheet('commit-confirm', 'commit-amount'),
        expected: robotUsdt,
      },
    },
    {
      name: 'option contracts',
      testId: 'option-contracts',
      spec: { decimals: 0, whole: true },
      likely: () => ['1', '2'],
      // The ticket's figures (a quote of the default pick) are in before anything is typed.
      open: opener(broker, user, '/pages/stock/option?symbol=THYAO', 'option-contracts', (page) =>
        page.getByTestId('option-max-loss').waitFor(),
      ),
      submit: 'option-submit',
      refusals: ['option-error', 'option-insufficient'],
      outcome: {
        kind: 'sheet',
        sheet: 'option-confirm',
        read: inSheet('option-confirm', 'sheet-contracts'),
        expected: (value, lang) => formatDecimal(value, lang, { decimals: 0 }),
      },
    },
  ];
}
