import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { apiData, signIn, TRADER_PIN, type Broker } from './number-field-session';
import type { OracleLocale } from './typed-number-oracle';

const SYMBOL = 'BTCUSDT';

/**
 * A 1× long BTCUSDT position opened over the API (the risk disclosure accepted with it), asked
 * again while the simulated book has no seller for it (NO_LIQUIDITY changes nothing).
 */
async function openPosition(broker: Broker, user: CreatedUser): Promise<{ entry: Decimal }> {
  const body = {
    symbol: SYMBOL,
    side: 'long',
    leverage: '1',
    margin: '200',
    acceptRisk: '1',
    tradePassword: TRADER_PIN,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const position = await apiData(broker, user.userToken, '/coin/contract/order/add', body);
      return { entry: new Decimal(String(position.entryPrice)) };
    } catch (error) {
      if (attempt >= 10 || !/liquidity|likidite/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The contract tab with the position's card on it. */
function openPositions(broker: Broker, user: CreatedUser) {
  return async (page: Page, lang: OracleLocale) => {
    await signIn(page, broker, user, lang, 'contract');
    await page.goto(`${broker.base}/pages/tabbar/trade?symbol=${SYMBOL}`);
    await page.getByTestId('position').first().waitFor({ timeout: 15_000 });
  };
}

/** The card's sheet `sheet`, opened by its button `button` unless it is open already. */
function sheetOpen(button: string, sheet: string) {
  return async (page: Page) => {
    if (await page.getByTestId(sheet).isVisible()) return;
    await page.getByTestId('position').first().getByTestId(button).click();
    await page.getByTestId(sheet).waitFor();
  };
}

/** An open position's take-profit and stop-loss sheet, and its add-margin sheet: each sends at once. */
export async function positionCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const { entry } = await openPosition(broker, user);
  const at = (factor: number) => entry.times(factor).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
  const open = openPositions(broker, user);
  const triggers = { before: sheetOpen('position-tpsl', 'tpsl-sheet'), submit: 'tpsl-save', open };
  return [
    {
      ...triggers,
      name: 'position take-profit',
      testId: 'tpsl-tp',
      refusals: ['tpsl-error', 'tpsl-sl-error'],
      spec: { decimals: 2 },
      likely: () => [at(1.1), at(1.25)],
      outcome: { kind: 'request', path: '/coin/contract/order/set/profit', field: 'price' },
    },
    {
      ...triggers,
      name: 'position stop-loss',
      testId: 'tpsl-sl',
      refusals: ['tpsl-error', 'tpsl-tp-error'],
      spec: { decimals: 2 },
      likely: () => [at(0.8), at(0.9)],
      outcome: { kind: 'request', path: '/coin/contract/order/set/loss', field: 'price' },
    },
    {
      name: 'position add margin',
      testId: 'margin-amount',
      before: sheetOpen('position-add-margin', 'margin-sheet'),
      submit: 'margin-save',
      open,
      spec: { decimals: 8 },
      likely: () => ['10', '12.5'],
      outcome: { kind: 'request', path: '/coin/contract/order/add/mgn', field: 'amount' },
    },
  ];
}
