import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium on the real broker, at 390×844, both languages and both themes: a pending crypto
// withdrawal cancelled from its detail (as the pending sheet promises), the withdrawal PIN's lock
// said on the crypto form before a PIN is typed, and the exchange quote's two rates at one precision.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const NAME = 'Bitis Deneme';
const PIN = '246813';
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

type Made = { user: CreatedUser; addressId: string };

/** A verified user with a withdrawal PIN, TRY and USDT, and a saved TRC20 address. */
async function madeUser(): Promise<Made> {
  const user = (await operator(['create-user', '--kyc', 'approved', '--name', NAME], cli)) as CreatedUser;
  await callApi(base, user.userToken, '/user/update/withdrawpwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  await operator(['fund', user.userId, '5000', '--reason', 'finish walk'], cli);
  await operator(
    ['fund', user.userId, '1000', '--reason', 'finish walk', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  const address = (await callApi(base, user.userToken, '/coin/withdraw/address/generate', {
    currency: 'USDT',
    chain: 'TRC20',
    address: TRON,
    label: 'Ledger',
  })) as { id: string };
  return { user, addressId: address.id };
}

let phone: Phone;
let made: Made;

beforeAll(async () => {
  made = await madeUser();
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

async function open(page: Page, user: CreatedUser, locale: string, theme: string, path: string) {
  await signInAs(page, base, user, locale);
  await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
  await page.goto(`${base}${path}`);
}

describe.each([
  ['tr-TR', 'light'],
  ['tr-TR', 'dark'],
  ['en-US', 'light'],
  ['en-US', 'dark'],
] as const)('money screens in %s, %s theme', (locale, theme) => {
  it('cancels a pending crypto withdrawal from its detail', async () => {
    const { page } = phone;
    const pending = (await callApi(base, made.user.userToken, '/coin/withdraw/add', {
      addressId: made.addressId,
      amount: '25',
      withdrawPassword: PIN,
    })) as { id: string };
    await open(page, made.user, locale, theme, `/pages/withdraw/cryptoRecordDetail?id=${pending.id}`);
    await screen(page, '/pages/withdraw/cryptoRecordDetail');
    const cancel = page.getByTestId(`record-cancel-${pending.id}`);
    await cancel.waitFor();
    await screenshot(page, `finish-crypto-detail-pending-${locale}-${theme}`);
    await cancel.click();
    await page.getByTestId('cancel-sheet-submit').click();
    await page.locator('[data-testid="detail-status"][data-status="cancelled"]').waitFor({ timeout: 10_000 });
    expect(await cancel.count()).toBe(0);
    await screenshot(page, `finish-crypto-detail-cancelled-${locale}-${theme}`);
  });

  it('shows the exchange quote’s rate and mid rate at one precision', async () => {
    const { page } = phone;
    await open(page, made.user, locale, theme, '/pages/exchange/exchange');
    await page.getByTestId('exchange-amount').fill('100');
    await page.getByTestId('exchange-quote').click();
    const card = page.getByTestId('quote-card');
    await card.waitFor();
    const places = async (id: string) =>
      ((await card.getByTestId(id).textContent()) ?? '').match(/[.,](\d+) /)?.[1]?.length ?? -1;
    const rate = await places('quote-rate');
    expect(rate).toBeGreaterThan(1);
    expect(await places('quote-mid')).toBe(rate);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `finish-exchange-quote-${locale}-${theme}`);
  });
});

describe('the withdrawal PIN lock on the crypto form', () => {
  it('is said before a PIN is typed, with the review off, in both languages', async () => {
    const locked = await madeUser();
    for (let i = 0; i < 5; i++)
      await callApi(base, locked.user.userToken, '/coin/withdraw/add', {
        addressId: locked.addressId,
        amount: '25',
        withdrawPassword: `10000${i}`,
      }).catch(() => undefined);
    const { page } = phone;
    for (const [locale, theme, words] of [
      ['tr-TR', 'light', /kilitli/],
      ['en-US', 'dark', /locked/],
    ] as const) {
      await open(page, locked.user, locale, theme, '/pages/withdraw/cryptoWithdraw?currency=USDT');
      const notice = page.getByTestId('withdraw-pin-locked');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toMatch(words);
      expect(await page.getByTestId('withdraw-review').isDisabled()).toBe(true);
      await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `finish-crypto-pin-locked-${locale}-${theme}`);
    }
  });
});

describe('coin conditional rows', () => {
  it('show the pair’s own decimals, in both languages and themes', async () => {
    const { page } = phone;
    const ticker = (await callApi(base, made.user.userToken, '/coin/ticker', { symbol: 'BTCUSDT' })) as {
      price: string;
    };
    const last = Number(ticker.price);
    await callApi(base, made.user.userToken, '/coin/order/conditional/add', {
      symbol: 'BTCUSDT',
      side: 'buy',
      kind: 'stop_limit',
      quantity: '0.001',
      trigger: (last * 1.05).toFixed(2),
      limit: (last * 1.06).toFixed(2),
    });
    for (const [locale, theme] of [
      ['tr-TR', 'light'],
      ['tr-TR', 'dark'],
      ['en-US', 'light'],
      ['en-US', 'dark'],
    ] as const) {
      await open(page, made.user, locale, theme, '/pages/stock/conditional');
      await page.getByTestId('conditional-tab-coin').click();
      const row = page.getByTestId('conditional-row').first();
      await row.waitFor();
      // BTCUSDT's price to the cent and its quantity to its own places, never 8 zeros' worth.
      await expect.poll(async () => (await row.textContent()) ?? '').not.toMatch(/[.,]\d{8}\b/);
      expect(await row.textContent()).toMatch(locale === 'tr-TR' ? /0,00100 BTC/ : /0\.00100 BTC/);
      await screenshot(page, `finish-coin-conditional-${locale}-${theme}`);
    }
  });
});
