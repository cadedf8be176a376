import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium at phone size: the one amount field as users type into it, key by key, in both
// languages — grouping as typed, a point or comma as the decimal separator shown the locale's
// way, letters refused, the unit's decimals named, and the phone's decimal pad.
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

describe('the amount field in Chromium', () => {
  it('tr-TR: groups as typed, reads the point as the decimal comma, refuses letters', async () => {
    const { page } = phone;
    await openExchange(page, 'tr-TR');
    expect(await field(page).getAttribute('inputmode')).toBe('decimal');
    await field(page).click();
    await field(page).pressSequentially('1234567');
    expect(await field(page).inputValue()).toBe('1.234.567');
    await field(page).fill('');
    // The phone keypad's point: shown as the Turkish comma, three decimals named as too many.
    await field(page).pressSequentially('100.123');
    expect(await field(page).inputValue()).toBe('100,123');
    expect(await errorText(page)).toBe('TRY en fazla 2 ondalık basamak alır.');
    await shot(page, 'amount-field-decimals-tr-TR');
    await page.keyboard.press('Backspace');
    await field(page).pressSequentially('abc');
    expect(await field(page).inputValue()).toBe('100,12');
    expect(await errorText(page)).toBe('Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.');
    // A digit typed in the middle lands where the caret is, the grouping redrawn around it.
    await field(page).fill('');
    await field(page).pressSequentially('1000');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('5');
    expect(await field(page).inputValue()).toBe('15.000');
    await page.keyboard.type('0');
    expect(await field(page).inputValue()).toBe('150.000');
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
    await field(page).pressSequentially('1234567,5');
    expect(await field(page).inputValue()).toBe('1,234,567.5');
    await field(page).fill('');
    await field(page).pressSequentially('0');
    await page.getByTestId('exchange-quote').click();
    expect(await errorText(page)).toBe('The amount must be greater than 0.');
    await field(page).fill('');
    await field(page).pressSequentially('100.125');
    expect(await errorText(page)).toBe('TRY takes at most 2 decimal places.');
    await shot(page, 'amount-field-decimals-en-US');
  });
});
