import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { formatDecimal, formatPrice } from '../../domain/format/number';
import { stockTick } from '../../domain/rules/stock';
import { screen } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { apiData, label, sheetRow, signIn, type Broker } from './number-field-session';
import type { OracleLocale } from './typed-number-oracle';

const SYMBOL = 'THYAO';
const STOCK_REFUSALS = ['ticket-error', 'ticket-no-cash'];

/** A TRY figure as the sheet shows it ("₺4.912,78") back to a canonical decimal. */
export function tryValue(text: string, lang: OracleLocale): string {
  const [group, decimal] = lang === 'tr-TR' ? ['.', ','] : [',', '.'];
  const plain = text
    .replace(/[^\d.,]/g, '')
    .split(group)
    .join('')
    .replace(decimal, '.');
  return new Decimal(plain).toFixed();
}

/** The stock ticket, limit order, buy side: a price that starts inside the band, one lot. */
async function openTicket(page: Page, broker: Broker, user: CreatedUser, lang: OracleLocale) {
  await signIn(page, broker, user, lang, 'stock');
  await page.goto(`${broker.base}/pages/tabbar/trade?symbol=${SYMBOL}&side=buy`);
  await screen(page, '/pages/tabbar/trade');
  await page.getByTestId('stock-ticket').waitFor();
  await page.getByTestId('ticket-cash').waitFor();
  await page.getByTestId('ticket-type-limit').click();
}

/** Prices on the tick inside the day's band: the last, a tick under it, the band's lower edge. */
async function bandPrices(broker: Broker, user: CreatedUser): Promise<string[]> {
  const info = await apiData(broker, user.userToken, '/stock/index/info', { symbol: SYMBOL }, 'GET');
  const last = new Decimal(String(info.price));
  const tick = new Decimal(stockTick(last.toFixed()));
  const onTick = last.dividedBy(tick).floor().times(tick);
  return [onTick.toFixed(), onTick.minus(tick).toFixed(), String(info.lowerLimit ?? onTick.toFixed())];
}

/** The stock ticket's lots, limit price and buy-by-amount budget. */
export async function stockCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const prices = await bandPrices(broker, user);
  const sheet = 'confirm-sheet';
  const common = { submit: 'ticket-submit', refusals: STOCK_REFUSALS };
  return [
    {
      ...common,
      name: 'stock lots',
      testId: 'ticket-qty',
      spec: { decimals: 0, whole: true },
      likely: () => ['1', '12', '3'],
      open: (page, lang) => openTicket(page, broker, user, lang),
      outcome: {
        kind: 'sheet',
        sheet,
        read: (page, lang) => sheetRow(page, sheet, label(lang, 'trade', 'ticket.quantity')).innerText(),
        expected: (value, lang) => formatDecimal(value, lang, { decimals: 0 }),
      },
    },
    {
      ...common,
      name: 'stock limit price',
      testId: 'ticket-price',
      spec: { decimals: 2 },
      likely: () => prices,
      open: (page, lang) => openTicket(page, broker, user, lang),
      outcome: {
        kind: 'sheet',
        sheet,
        read: (page, lang) => sheetRow(page, sheet, label(lang, 'trade', 'ticket.price')).innerText(),
        expected: (value, lang) => formatPrice(value, lang, 2),
      },
    },
    {
      ...common,
      name: 'stock buy by amount',
      testId: 'by-amount',
      spec: { decimals: 2 },
      likely: () => ['5000', '1000.5', '2500'],
      open: async (page, lang) => {
        await openTicket(page, broker, user, lang);
        await page.getByTestId('size-mode-amount').click();
      },
      outcome: {
        kind: 'sheet',
        sheet,
        // What the budget buys plus what it leaves over is the budget typed, to the kuruş.
        read: async (page, lang) => {
          const total = await page.getByTestId(sheet).getByTestId('cost-total').innerText();
          const left = await page.getByTestId(sheet).getByTestId('by-amount-leftover').innerText();
          return new Decimal(tryValue(total, lang)).plus(tryValue(left, lang)).toFixed();
        },
        expected: (value) => value,
      },
    },
  ];
}
