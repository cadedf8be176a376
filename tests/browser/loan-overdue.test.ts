import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium: an overdue loan's card shows the interest and the penalty apart, each once, and
// the total they make with the principal, in Turkish and in English. The server's clock cannot be
// moved a month on from the browser, so its real answer for the user's loan is rewritten to the
// figures of 10,000 out 33 days for 30 at 0.05% a day (+0.05% past due): 165.00 interest and
// 15.00 penalty apart, 10,180.00 owed; tests/server/loans-charges.test.ts proves the server's.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '135790';
const DAY = 86_400_000;

let phone: Phone;
let user: CreatedUser;
let loanId = '';

type Loan = Record<string, unknown> & { id: string; disbursedAt: number | null };

async function asOverdue(page: Page): Promise<void> {
  const overdue = (loan: Loan) => ({
    ...loan,
    status: 'active',
    overdue: true,
    overdueDays: 3,
    interest: '165.00',
    total: '10180.00',
    interestAccrued: '165.00',
    penaltyAccrued: '15.00',
    owed: '10180.00',
    dueAt: (loan.disbursedAt ?? Date.now()) - 3 * DAY,
  });
  await page.route(/\/ipxtrg-api\/user\/loan\/order\/list(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { list: Loan[] } };
    answer.data.list = answer.data.list.map(overdue);
    await route.fulfill({ response, json: answer });
  });
}

beforeAll(async () => {
  user = (await operator(['create-user', '--kyc', 'approved', '--name', 'Ayşe Yılmaz'], cli)) as CreatedUser;
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  const loan = (await callApi(base, user.userToken, '/user/loan/apply', {
    amount: '10000',
    days: '30',
    tradePassword: PIN,
  })) as Loan;
  loanId = loan.id;
  await operator(['loan', 'approve', loanId], cli);
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
  await asOverdue(phone.page);
});
afterAll(async () => {
  await phone?.close();
});

describe('an overdue loan in Chromium', () => {
  it.each([
    ['tr-TR', 'İşlemiş gecikme faizi', '165,00', '15,00', '10.180,00'],
    ['en-US', 'Overdue penalty accrued', '165.00', '15.00', '10,180.00'],
  ])('shows interest and penalty apart in %s', async (lang, label, interest, penalty, total) => {
    const { page } = phone;
    await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    await screen(page, '/pages/user/loan');
    const card = page.getByTestId(`loan-${loanId}`);
    await card.getByTestId('loan-overdue').waitFor();
    expect(await card.getByTestId('loan-accrued').textContent()).toContain(interest);
    expect(await card.getByTestId('loan-penalty').textContent()).toContain(penalty);
    expect(await card.getByTestId('loan-owed').textContent()).toContain(total);
    expect(await card.textContent()).toContain(label);
    await card.getByTestId('loan-accrued').scrollIntoViewIfNeeded();
    await screenshot(page, `loan-overdue-${lang}`);
  });
});
