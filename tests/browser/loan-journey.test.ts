import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// Issue 17 in Chromium: a funded user with a trade password reads the loan terms and the full
// schedule, applies; staff change the amount through the CLI; the user accepts the new terms, the
// money arrives in the stock account, the user repays and staff approve the repayment.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '135790';

type Balance = { wallet: string; currency: string; available: string; frozen: string };
type Loan = { id: string; status: string; owed: string };
let phone: Phone;
let user: CreatedUser;

const stock = async () => {
  const assets = (await callApi(base, user.userToken, '/user/assets', {})) as { balances: Balance[] };
  const b = assets.balances.find((x) => x.wallet === 'stock' && x.currency === 'TRY')!;
  return { available: Number(b.available), frozen: Number(b.frozen) };
};
const loans = async (): Promise<Loan[]> =>
  ((await callApi(base, user.userToken, '/user/loan/order/list', {}, 'GET')) as { list: Loan[] }).list;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '5000', '--reason', 'loan browser test'], cli);
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('a loan in Chromium: terms and schedule, apply, a changed amount accepted, repaid', () => {
  it('shows the schedule before applying and takes the application', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/user/loan`);
    await screen(page, '/pages/user/loan');
    await page.getByTestId('loan-terms').waitFor();
    await page.getByTestId('loan-amount').fill('20.000');
    await page.getByTestId('loan-days-30').click();
    // 20,000 × 0.05% = 10.00 a day; 30 days 300.00; total 20,300.00
    await expect.poll(() => page.getByTestId('schedule-total').textContent()).toContain('20.300,00');
    expect(await page.getByTestId('schedule-interest').textContent()).toContain('300,00');
    await screenshot(page, 'loan-apply-tr-TR');
    await page.getByTestId('loan-apply').click();
    const sheet = page.getByTestId('loan-apply-confirm');
    await sheet.waitFor();
    await sheet.getByTestId('loan-apply-confirm-password').fill(PIN);
    await screenshot(page, 'loan-apply-confirm-tr-TR');
    await sheet.getByTestId('loan-apply-confirm-submit').click();
    await page.getByTestId('loan-notice').waitFor();
    const [loan] = await loans();
    expect(loan).toMatchObject({ status: 'review' });
    await page.getByTestId(`loan-${loan!.id}`).waitFor();
    await screenshot(page, 'loan-review-tr-TR');
  });

  it('staff offer 10,000; the user accepts with the trade password and is paid out', async () => {
    const { page } = phone;
    const [loan] = await loans();
    await operator(['loan', 'approve', loan!.id, '--amount', '10000'], cli);
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    const card = page.getByTestId(`loan-${loan!.id}`);
    await card.getByTestId('loan-accept').waitFor();
    await screenshot(page, 'loan-offered-tr-TR');
    const before = await stock();
    await card.getByTestId('loan-accept').click();
    const sheet = page.getByTestId('loan-accept-confirm');
    await sheet.getByTestId('loan-accept-confirm-password').fill(PIN);
    await screenshot(page, 'loan-accept-confirm-tr-TR');
    await sheet.getByTestId('loan-accept-confirm-submit').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('active');
    expect((await stock()).available - before.available).toBeCloseTo(10000, 2);
    await screenshot(page, 'loan-active-tr-TR');
  });

  it('repays what is owed; held until staff approve, then repaid', async () => {
    const { page } = phone;
    const [loan] = await loans();
    const card = page.getByTestId(`loan-${loan!.id}`);
    await card.getByTestId('loan-repay-amount').fill(loan!.owed.replace('.', ','));
    await card.getByTestId('loan-repay').click();
    const sheet = page.getByTestId('loan-repay-confirm');
    await sheet.getByTestId('loan-repay-confirm-password').fill(PIN);
    await sheet.getByTestId('loan-repay-confirm-submit').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('repaying');
    expect((await stock()).frozen).toBeCloseTo(Number(loan!.owed), 2);
    await screenshot(page, 'loan-repaying-tr-TR');
    await operator(['loan', 'repayment', 'approve', loan!.id], cli);
    await page.reload();
    await expect.poll(() => card.getAttribute('data-status')).toBe('repaid');
    expect(await stock()).toEqual({ available: 5000, frozen: 0 });
    await screenshot(page, 'loan-repaid-tr-TR');
  });

  it('reads in English', async () => {
    const { page } = phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/user/loan`);
    await page.getByTestId('loan-amount').fill('5,000.50');
    await page.getByTestId('loan-days-7').click();
    // 5,000.50 × 0.0005 = 2.50025 → 2.50 a day; 7 days 17.50; total 5,018.00
    await expect.poll(() => page.getByTestId('schedule-total').textContent()).toContain('5,018.00');
    await screenshot(page, 'loan-apply-en-US');
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    await page.getByTestId('loan-list').waitFor();
    await screenshot(page, 'loan-mine-en-US');
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('tr-TR')));
  });
});
