import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { formatDecimal, formatMoney, formatTry } from '../../domain/format/number';
import { screen } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { tryValue } from './number-field-cases-stock';
import { apiData, label, sheetRow, signIn, TRADER_PIN, type Broker } from './number-field-session';
import { operator } from './operator';
import type { OracleLocale } from './typed-number-oracle';

/** A Garanti BBVA IBAN with valid check digits (the funding journey's card). */
const IBAN = 'TR130006200000000000000002';
/** An ERC20 address with a valid checksum, saved as the user's withdrawal address. */
const ERC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** A TRC20 transfer's hash: 64 hex digits, no 0x. */
const TRC_HASH = 'ab'.repeat(32);
const WITHDRAW_PIN = '135790';
const SYMBOL = 'BTCUSDT';

/** Opens `route` signed in (the Trade tab on `tradeType`), and waits for the field under test. */
function opener(
  broker: Broker,
  user: CreatedUser,
  route: string,
  testId: string,
  tradeType: 'stock' | 'coin' | 'contract' = 'stock',
  then?: (page: Page, lang: OracleLocale) => Promise<void>,
) {
  return async (page: Page, lang: OracleLocale) => {
    await signIn(page, broker, user, lang, tradeType);
    await page.goto(`${broker.base}${route}`);
    await screen(page, route.split('?')[0] ?? route);
    await page.getByTestId(testId).waitFor();
    await then?.(page, lang);
  };
}

const inSheet = (sheet: string, testId: string) => (page: Page) =>
  page.getByTestId(sheet).getByTestId(testId).innerText();

/**
 * What the withdrawals need besides money: a withdrawal password, a saved bank card in the
 * verified name, a saved USDT address on ERC20, a USDT deposit address on TRC20 to report a
 * transfer to, and an IPO open for applications.
 */
async function prepare(broker: Broker, user: CreatedUser): Promise<{ ipo: string }> {
  const api = (route: string, body: Record<string, string>) => apiData(broker, user.userToken, route, body);
  await api('/user/update/withdrawpwd', {
    password: WITHDRAW_PIN,
    confirmPassword: WITHDRAW_PIN,
    loginPassword: user.password,
  });
  await api('/bank/add', { accountNumber: IBAN, holderName: 'Deniz Yılmaz' });
  await api('/coin/withdraw/address/generate', {
    currency: 'USDT',
    chain: 'ERC20',
    address: ERC_ADDRESS,
    label: 'Ledger',
  });
  await api('/coin/recharge/address/generate', { currency: 'USDT', chain: 'TRC20' });
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  // A catalogue candidate no other browser test offers (each can be offered once per broker).
  const created = (await operator(
    ['ipo', 'create', '--symbol', 'KARSP', '--name', 'Kars Peynircilik A.Ş.', '--price', '16.20'].concat(
      ['--lots-retail', '400', '--lots-institutional', '200', '--min-lots', '1', '--max-lots', '1000'],
      ['--start', at(-60_000), '--end', at(24 * hour), '--allocation', at(25 * hour)],
      ['--refund', at(48 * hour), '--listing', at(72 * hour)],
    ),
    broker.cli,
  )) as { id: string };
  return { ipo: created.id };
}

/** USDT at 2 decimals with its ticker, as the coin withdrawal shows it. */
const usdt = (value: string, lang: OracleLocale) =>
  formatMoney(value, lang, { decimals: 2, currency: 'USDT' });

/** Lots as the IPO sheet says them ("1 lot", "12 lots"), in the app's own words. */
function lotsText(value: string, lang: OracleLocale): string {
  const form = new Intl.PluralRules(lang).select(Number(value)) === 'one' ? 'one' : 'other';
  return label(lang, 'ipo', `card.lots_${form}`).replace(
    '{{lots}}',
    formatDecimal(value, lang, { decimals: 0 }),
  );
}

/** The funding forms: bank and coin withdrawal, a coin deposit's report, and an IPO's lots. */
export async function fundingCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const { ipo } = await prepare(broker, user);
  return [
    {
      name: 'bank withdrawal',
      testId: 'withdraw-amount',
      spec: { decimals: 2 },
      likely: () => ['1000', '250.5'],
      open: opener(broker, user, '/pages/withdraw/bankWithdraw', 'withdraw-amount'),
      submit: 'withdraw-submit',
      refusals: ['withdraw-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'withdraw-confirm',
        read: (page, lang) =>
          sheetRow(page, 'withdraw-confirm', label(lang, 'funding', 'withdraw.amount')).innerText(),
        expected: (value, lang) => formatTry(value, lang),
      },
    },
    {
      name: 'coin withdrawal',
      testId: 'withdraw-amount',
      spec: { decimals: 2 },
      likely: () => ['100', '25.5'],
      open: opener(
        broker,
        user,
        '/pages/withdraw/cryptoWithdraw?currency=USDT&chain=ERC20',
        'withdraw-amount',
      ),
      submit: 'withdraw-review',
      outcome: {
        kind: 'sheet',
        sheet: 'withdraw-confirm',
        read: inSheet('withdraw-confirm', 'confirm-amount'),
        expected: usdt,
      },
    },
    {
      name: 'coin deposit report',
      testId: 'report-amount',
      spec: { decimals: 8 },
      likely: () => ['120', '2.5'],
      open: opener(broker, user, '/pages/recharge/coinRecharge?currency=USDT&chain=TRC20', 'report-amount'),
      // The hash is checked too: a good one, so only the amount decides.
      before: (page) => page.getByTestId('report-hash').fill(TRC_HASH),
      submit: 'report-submit',
      outcome: { kind: 'request', path: '/coin/recharge/add', field: 'amount' },
    },
    {
      name: 'IPO lots',
      testId: 'order-lots-input',
      spec: { decimals: 0, whole: true },
      likely: () => ['100', '12'],
      open: opener(broker, user, `/pages/stockIPO/ipoOrder?id=${ipo}`, 'order-lots-input'),
      submit: 'order-submit',
      refusals: ['order-error'],
      outcome: {
        kind: 'sheet',
        sheet: 'order-confirm',
        read: inSheet('order-confirm', 'order-lots'),
        expected: lotsText,
      },
    },
    ...(await tradeCases(broker, user)),
  ];
}

/**
 * The coin ticket's budget: the sheet shows what it buys (the broker's preview) and what the budget
 * leaves over, each cut to the decimals it is written at, so their sum is short of the budget by less
 * than two units of the coarser row's decimals (one cut each); a misread budget is off tenfold or more.
 */
function budgetOutcome(): NumberFieldCase['outcome'] {
  const sheet = 'spot-confirm';
  let shown = { sum: '', places: 0 };
  return {
    kind: 'sheet',
    sheet,
    read: async (page, lang) => {
      const total = await page.getByTestId(sheet).getByTestId('spot-total').innerText();
      const left = await page.getByTestId(sheet).getByTestId('by-amount-leftover').innerText();
      // The decimals written, trailing zeros too ("1.000,50 USDT": 2); the coarser row's count.
      const places = (text: string) =>
        (text.split(lang === 'tr-TR' ? ',' : '.')[1] ?? '').replace(/\D/g, '').length;
      shown = {
        sum: new Decimal(tryValue(total, lang)).plus(tryValue(left, lang)).toFixed(),
        places: Math.min(places(total), places(left)),
      };
      return shown.sum;
    },
    expected: (value) =>
      new Decimal(value)
        .minus(shown.sum || '0')
        .abs()
        .lt(new Decimal(10).pow(-shown.places).times(2))
        ? shown.sum
        : value,
  };
}

/** The contract ticket's open sheet: the risk disclosure accepted, then confirmed (its request stopped). */
async function confirmOpen(page: Page): Promise<void> {
  const risk = page.getByTestId('risk-sheet');
  const sheet = page.getByTestId('contract-confirm');
  await risk
    .or(sheet)
    .first()
    .waitFor({ timeout: 2_000 })
    .catch(() => undefined);
  if (await risk.isVisible()) {
    await page.getByTestId('risk-agree').check();
    await page.getByTestId('risk-accept').click();
    await sheet.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  if (!(await sheet.isVisible())) return;
  const pin = page.getByTestId('contract-confirm-password');
  if (await pin.isVisible()) await pin.fill(TRADER_PIN);
  await page.getByTestId('contract-confirm-submit').click();
}

/** A sheet left open by a stopped request: closed before the next string. */
async function closeOpen(page: Page): Promise<void> {
  const sheet = page.getByTestId('contract-confirm');
  if (!(await sheet.isVisible())) return;
  await page.getByTestId('contract-confirm-cancel').click();
  await sheet.waitFor({ state: 'hidden' });
}

/** The coin ticket's buy by amount, and the contract ticket sized by margin. */
async function tradeCases(broker: Broker, user: CreatedUser): Promise<NumberFieldCase[]> {
  const ticker = await apiData(broker, user.userToken, '/coin/ticker', { symbol: SYMBOL });
  const last = new Decimal(String(ticker.price)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
  const trade = `/pages/tabbar/trade?symbol=${SYMBOL}`;
  return [
    {
      name: 'coin buy by amount',
      testId: 'by-amount',
      spec: { decimals: 8 },
      likely: () => ['1000', '250.5'],
      open: opener(broker, user, `${trade}&side=buy`, 'spot-panel', 'coin', async (page, lang) => {
        await page.getByTestId('spot-type-limit').click();
        await page.getByTestId('spot-price').fill(lang === 'tr-TR' ? last.replace('.', ',') : last);
        await page.getByTestId('size-mode-amount').click();
        await page.getByTestId('by-amount').waitFor();
      }),
      submit: 'spot-submit',
      refusals: ['spot-error'],
      outcome: budgetOutcome(),
    },
    {
      name: 'contract margin',
      testId: 'ticket-size',
      spec: { decimals: 2 },
      likely: () => ['100', '250.5'],
      open: opener(broker, user, trade, 'ticket-open', 'contract', async (page) => {
        await page.waitForFunction(
          () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
        );
        await page.getByTestId('ticket-mode-margin').click();
      }),
      before: closeOpen,
      submit: 'ticket-open',
      afterSubmit: confirmOpen,
      refusals: ['ticket-blocked', 'ticket-no-usdt'],
      outcome: { kind: 'request', path: '/coin/contract/order/add', field: 'margin' },
    },
  ];
}
