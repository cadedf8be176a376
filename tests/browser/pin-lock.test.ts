import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium against the real broker: wrong withdrawal PINs say how many tries are left, the
// lock says until when and keeps "Çek" disabled, and a screen opened later knows it from the terms.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const NAME = 'Kilit Deneme';
const IBAN = 'TR130006200000000000000002';
const PIN = '246813';
const TRIES = 5;

let user: CreatedUser;
const phones: Phone[] = [];

async function phoneIn(lang: string) {
  const phone = await openPhone();
  phones.push(phone);
  await signInAs(phone.page, base, user, lang);
  return phone.page;
}

beforeAll(async () => {
  user = (await operator(['create-user', '--kyc', 'approved', '--name', NAME], cli)) as CreatedUser;
  await callApi(base, user.userToken, '/bank/add', { accountNumber: IBAN, holderName: NAME });
  await callApi(base, user.userToken, '/user/update/withdrawpwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  await operator(['fund', user.userId, '5000', '--reason', 'pin lock'], cli);
});
afterAll(async () => {
  for (const phone of phones) await phone.close();
});

describe('withdrawal PIN lock in Chromium', () => {
  it('counts the tries down, then locks: "Çek" disabled with the unlock time', async () => {
    const page = await phoneIn('tr-TR');
    await page.goto(`${base}/pages/withdraw/bankWithdraw`);
    await screen(page, '/pages/withdraw/bankWithdraw');
    await page.getByTestId('withdraw-amount').fill('1000');
    await page.getByTestId('withdraw-receive').waitFor();
    await page.getByTestId('withdraw-submit').click();
    const error = page.getByTestId('withdraw-confirm-error');
    for (let left = TRIES - 1; left >= 1; left -= 1) {
      await page.getByTestId('withdraw-confirm-password').fill(`10000${left}`);
      await page.getByTestId('withdraw-confirm-submit').click();
      await page
        .getByTestId('withdraw-confirm-error')
        .getByText(`${left} deneme hakkınız kaldı`)
        .waitFor({ timeout: 10_000 });
    }
    await screenshot(page, 'pin-one-try-left-tr-TR');
    await page.getByTestId('withdraw-confirm-password').fill('100009');
    await page.getByTestId('withdraw-confirm-submit').click();
    await error.getByText(/saatine kadar kilitli/).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('withdraw-confirm-submit').isDisabled()).toBe(true);
    await screenshot(page, 'pin-locked-sheet-tr-TR');
    await page.getByTestId('withdraw-confirm-cancel').click();
    expect(await page.getByTestId('withdraw-pin-locked').innerText()).toMatch(
      /para çekme şifreniz \d\d:\d\d saatine kadar kilitli/,
    );
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
  });

  it('a screen opened later knows of the lock from the terms (English)', async () => {
    const page = await phoneIn('en-US');
    await page.goto(`${base}/pages/withdraw/bankWithdraw`);
    await screen(page, '/pages/withdraw/bankWithdraw');
    expect(await page.getByTestId('withdraw-pin-locked').innerText({ timeout: 15_000 })).toMatch(
      /your withdrawal password is locked until \d{1,2}:\d\d [AP]M/,
    );
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
    await screenshot(page, 'pin-locked-form-en-US');
  });
});
