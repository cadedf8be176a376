import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot, type Phone } from '../support/browser';
import { verifiedIdentity } from '../support/browser-kyc';
import { callApi, signedInPhone } from '../support/browser-session';
import { operator } from '../support/operator';
import { validFields } from '../server/kyc-support';

// In Chromium: a verified user adds a card, asks for a bank deposit, staff approve it with
// the CLI while the assets screen is open (the balance moves without a reload), withdraws to the
// card with the withdrawal password, and finds the withdrawal in the records.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
/** A Garanti BBVA IBAN (bank code 00062) with valid check digits. */
const IBAN = 'TR130006200000000000000002';
const PIN = '135790';

type Row = { id: string; userId: string; amount: string; status: string };

const tryAvailable = (page: Phone['page']) =>
  page.getByTestId('assets-row-stock-TRY-available').innerText({ timeout: 15_000 });
const digits = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

async function pendingOf(kind: 'deposits' | 'withdrawals'): Promise<Row> {
  const rows = (await operator([kind, '--status', 'pending'], cli)) as Row[];
  const mine = rows.find((r) => r.userId === me.user.userId);
  if (!mine) throw new Error(`no pending ${kind} for user ${me.user.userId}: ${JSON.stringify(rows)}`);
  return mine;
}

// Verified identity (its name is what the card must carry) and a withdrawal password.
const me = signedInPhone({
  prepare: verifiedIdentity,
  passwords: { withdraw: PIN },
});

describe('funding in Chromium: card, deposit, approval, withdrawal, records', () => {
  it('adds a bank card with the bank named from the IBAN and the verified name', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/wallet/addBank`);
    await screen(page, '/pages/wallet/addBank');
    await page.getByTestId('add-iban').fill(IBAN);
    await page.getByTestId('add-bank-name').getByText('Garanti BBVA').waitFor();
    expect(await page.getByTestId('add-holder').inputValue()).toBe(validFields.fullName);
    await screenshot(page, 'funding-add-bank-tr-TR');
    await page.getByTestId('add-submit').click();
    await screen(page, '/pages/wallet/bankList');
    const list = await page.getByTestId('card-list').innerText();
    expect(list).toContain('Garanti BBVA');
    // Masked in the list: the middle digits are not shown.
    expect(list).not.toContain('0006 2000 0000');
  });

  it('asks for a bank deposit, which stays pending until staff decide', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/recharge/bankRecharge?channel=garanti`);
    await screen(page, '/pages/recharge/bankRecharge');
    await page.getByTestId('deposit-amount').fill('5000');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-confirm-submit').click();
    await page.getByTestId('deposit-pending').waitFor();
    const deposit = await pendingOf('deposits');
    expect(Number(deposit.amount)).toBe(5000);
  });

  it('shows the approved deposit on the assets screen without a reload', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/user/assets`);
    await screen(page, '/pages/user/assets');
    const before = await page
      .getByTestId('assets-row-stock-TRY-available')
      .innerText({ timeout: 15_000 })
      .catch(() => '0');
    expect(digits(before)).toBe(0);
    const deposit = await pendingOf('deposits');
    await operator(['deposit', 'approve', deposit.id], cli);
    // The private channel says the balance moved; the screen re-reads it in place.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="assets-row-stock-TRY-available"]')
          ?.textContent?.includes('5.000'),
      undefined,
      { timeout: 15_000 },
    );
    expect(digits(await tryAvailable(page))).toBe(5000);
  });

  it('withdraws to the card with the withdrawal password: fee and amount received shown first', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/withdraw/bankWithdraw`);
    await screen(page, '/pages/withdraw/bankWithdraw');
    await page.getByTestId('withdraw-amount').fill('1000');
    await page.getByTestId('withdraw-receive').waitFor();
    await page.getByTestId('withdraw-submit').click();
    expect(await page.getByTestId('withdraw-confirm-receive').innerText()).toMatch(/1\.000/);
    await page.getByTestId('withdraw-confirm-password').fill(PIN);
    await screenshot(page, 'funding-withdraw-confirm-tr-TR');
    await page.getByTestId('withdraw-confirm-submit').click();
    await page.getByTestId('withdraw-pending').waitFor();
    const withdrawal = await pendingOf('withdrawals');
    expect(Number(withdrawal.amount)).toBe(1000);
  });

  it('finds the withdrawal in the records, then approved', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/withdraw/withdrawRecord`);
    await screen(page, '/pages/withdraw/withdrawRecord');
    const withdrawal = await pendingOf('withdrawals');
    const row = page.getByTestId(`withdrawal-${withdrawal.id}`);
    expect(await row.innerText()).toMatch(/1\.000/);
    await operator(['withdrawal', 'approve', withdrawal.id], cli);
    await page.reload();
    await screen(page, '/pages/withdraw/withdrawRecord');
    await page.getByTestId(`withdrawal-${withdrawal.id}`).waitFor();
    await screenshot(page, 'funding-withdraw-record-tr-TR');
    // Held on request, paid out on approval: 5,000 in, 1,000 out.
    const assets = (await callApi(base, me.user.userToken, '/user/assets')) as {
      balances: { wallet: string; currency: string; available: string; frozen: string }[];
    };
    const tl = assets.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY');
    expect(Number(tl?.available)).toBe(4000);
    expect(Number(tl?.frozen)).toBe(0);
  });
});
