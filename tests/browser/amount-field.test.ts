import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium at phone size: the one amount field as users type into it, key by key, in both
// languages — nothing dropped or regrouped, the whole text read in the locale, and what is wrong
// named under the field (a sign, an exponent, a separator, the unit's decimals, a fraction of a
// lot) while the form stays shut; the phone's decimal or numeric pad.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
let phone: Phone;
let user: CreatedUser;

const field = (page: Page) => page.getByTestId('exchange-amount');
const errorText = (page: Page) => page.getByTestId('exchange-amount-error').innerText();

async function openExchange(page: Page, lang: 'tr-TR' | 'en-US') {
  await signInAs(page, base, user, lang);
  await page.goto(`${base}/pages/exchange/stock`);
  await screen(page, '/pages/exchange/stock');
  await field(page).waitFor();
}

/** A shot for the reviewer as well as the suite's own folder. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const extra = process.env.SHOTS_DIR;
  if (extra) {
    await mkdir(extra, { recursive: true });
    await page.screenshot({ path: path.join(extra, `${name}.png`) });
  }
}

beforeAll(async () => {
  user = (await operator(['create-user', '--kyc', 'approved', '--name', 'Deniz Yılmaz'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '1000', '--reason', 'amount field test'], cli);
  phone = await openPhone();
});
afterAll(async () => {
  await phone?.close();
});

/** The stock ticket on the Trade tab, its figures shown. */
async function openStockTicket(page: Page, lang: 'tr-TR' | 'en-US') {
  await signInAs(page, base, user, lang);
  await page.evaluate(() => localStorage.setItem('systemTradeType', JSON.stringify('stock')));
  await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=buy`);
  await screen(page, '/pages/tabbar/trade');
  await page.getByTestId('stock-ticket').waitFor();
  await page.getByTestId('ticket-cash').waitFor();
}

describe('the amount field in Chromium', () => {
  it('tr-TR: keeps what is typed, reads it whole, names a slip', async () => {
    const { page } = phone;
    await openExchange(page, 'tr-TR');
    expect(await field(page).getAttribute('inputmode')).toBe('decimal');
    await field(page).click();
    // Grouped the Turkish way with kuruş: shown exactly as typed, read as 1000.5.
    await field(page).pressSequentially('1.000,50');
    expect(await field(page).inputValue()).toBe('1.000,50');
    expect(await page.getByTestId('exchange-amount-error').count()).toBe(0);
    await field(page).fill('');
    // The phone keypad's point where it cannot group is the decimal separator; a third decimal is named.
    await field(page).pressSequentially('100,123');
    expect(await field(page).inputValue()).toBe('100,123');
    expect(await errorText(page)).toBe('TRY en fazla 2 ondalık basamak alır.');
    await shot(page, 'amount-field-decimals-tr-TR');
    // Letters stay where they were typed, so the user sees what is refused.
    await page.keyboard.press('Backspace');
    await field(page).pressSequentially('abc');
    expect(await field(page).inputValue()).toBe('100,12abc');
    expect(await errorText(page)).toBe('Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.');
    // A digit typed in the middle lands where the caret is, and nothing else moves.
    await field(page).fill('');
    await field(page).pressSequentially('1000');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('5');
    expect(await field(page).inputValue()).toBe('15000');
    await field(page).fill('');
    await field(page).pressSequentially('-5');
    expect(await errorText(page)).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    await page.getByTestId('exchange-quote').click();
    expect(await page.getByTestId('quote-confirm').count()).toBe(0);
    await field(page).fill('');
    await field(page).pressSequentially('2000');
    await page.getByTestId('exchange-quote').click();
    expect(await errorText(page)).toBe('Kullanılabilir bakiyenizden (₺1.000,00) fazla.');
    await shot(page, 'amount-field-balance-tr-TR');
  });

  it('en-US: the same rule with the English separators', async () => {
    const { page } = phone;
    await openExchange(page, 'en-US');
    await field(page).click();
    await field(page).pressSequentially('1,000.50');
    expect(await field(page).inputValue()).toBe('1,000.50');
    expect(await page.getByTestId('exchange-amount-error').count()).toBe(0);
    await field(page).fill('');
    // The Turkish way in English is no number: never 1.00050.
    await field(page).pressSequentially('1.000,50');
    expect(await errorText(page)).toBe(
      'Use the point (.) once, for decimals; a comma may only group thousands by three (1,234.56).',
    );
    await field(page).fill('');
    await field(page).pressSequentially('0');
    await page.getByTestId('exchange-quote').click();
    expect(await errorText(page)).toBe('The amount must be greater than 0.');
    await field(page).fill('');
    await field(page).pressSequentially('100.125');
    expect(await errorText(page)).toBe('TRY takes at most 2 decimal places.');
    await shot(page, 'amount-field-decimals-en-US');
  });

  it.each([
    [
      'tr-TR',
      '1,5',
      'Adet tam sayı olmalıdır; ondalık girilemez.',
      '1e20',
      'Sayıyı e kullanmadan tam yazın (1e5 değil, 100000).',
    ],
    [
      'en-US',
      '1.5',
      'Shares must be a whole number; no decimals.',
      '1e20',
      'Write the number out in full, without an e (not 1e5 but 100000).',
    ],
  ] as const)(
    '%s: a fraction of a lot opens no confirm; an exponent on a deposit is named',
    async (lang, lots, notWhole, exponent, named) => {
      const { page } = phone;
      await openStockTicket(page, lang);
      const qty = page.getByTestId('ticket-qty');
      expect(await qty.getAttribute('inputmode')).toBe('numeric');
      await qty.fill('');
      await qty.pressSequentially(lots);
      expect(await qty.inputValue()).toBe(lots);
      expect(await page.getByTestId('ticket-qty-error').innerText()).toBe(notWhole);
      expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
      await shot(page, `amount-field-lots-${lang}`);

      await page.goto(`${base}/pages/recharge/bankRecharge?channel=garanti`);
      await screen(page, '/pages/recharge/bankRecharge');
      const amount = page.getByTestId('deposit-amount');
      await amount.pressSequentially(exponent);
      expect(await amount.inputValue()).toBe(exponent);
      expect(await page.getByTestId('deposit-amount-error').innerText()).toBe(named);
      await page.getByTestId('deposit-submit').click();
      expect(await page.getByTestId('deposit-confirm').count()).toBe(0);
      await shot(page, `amount-field-deposit-exponent-${lang}`);
    },
  );
});
