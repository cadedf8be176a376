import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { callApi, signedInPhone, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium: a funded user meets the VIP invitation on the advice screen, starts the
// free trial, reads the advice, buys VIP at the disclosed price (the ledger takes exactly that),
// votes in the seeded poll and reads the credit score with its rule — in Turkish, then the four
// screens in English.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '135790';

type Balance = { wallet: string; currency: string; available: string };

const stockCash = async (): Promise<number> => {
  const assets = (await callApi(base, me.user.userToken, '/user/assets', {})) as { balances: Balance[] };
  return Number(assets.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')!.available);
};

const me = signedInPhone({
  fund: ['5000', '--reason', 'membership browser test'],
  passwords: { trade: PIN },
});

describe('membership in Chromium: VIP trial and purchase, advice, a vote, the credit score', () => {
  it('invites a non-member on the advice screen, then the trial opens the advice', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/stock/advice`);
    await screen(page, '/pages/stock/advice');
    await page.getByTestId('advice-invitation').waitFor();
    await screenshot(page, 'membership-advice-invite-tr-TR');
    await page.getByTestId('advice-become-vip').click();
    await screen(page, '/pages/stock/vip');
    await page.getByTestId('vip-state-none').waitFor();
    await screenshot(page, 'membership-vip-none-tr-TR');
    await page.getByTestId('vip-start-trial').click();
    await page.getByTestId('vip-state-trial').waitFor();
    await page.getByTestId('vip-done').waitFor();
    await screenshot(page, 'membership-vip-trial-tr-TR');
    await page.getByTestId('vip-see-advice').click();
    await screen(page, '/pages/stock/advice');
    await page.getByTestId('advice-list').waitFor();
    await page.getByTestId('advice-risk').waitFor();
    await screenshot(page, 'membership-advice-tr-TR');
  });

  it('buys VIP at the price the sheet showed, ledgered', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/stock/vip`);
    await page.getByTestId('vip-state-trial').waitFor();
    const before = await stockCash();
    await page.getByTestId('vip-buy').click();
    const sheet = page.getByTestId('vip-confirm');
    await sheet.waitFor();
    expect(await sheet.getByTestId('vip-sheet-price').textContent()).toBe('₺499,00');
    await page.getByTestId('vip-confirm-password').fill(PIN);
    await screenshot(page, 'membership-vip-confirm-tr-TR');
    await page.getByTestId('vip-confirm-submit').click();
    await page.getByTestId('vip-state-purchased').waitFor();
    await page.getByTestId('vip-purchases').waitFor();
    await screenshot(page, 'membership-vip-purchased-tr-TR');
    expect(before - (await stockCash())).toBe(499);
  });

  it('votes once in the seeded poll and shows the results', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/stock/vote`);
    await screen(page, '/pages/stock/vote');
    const list = page.getByTestId('poll-list');
    await list.waitFor();
    await screenshot(page, 'membership-vote-tr-TR');
    const poll = list.locator('article').first();
    const id = ((await poll.getAttribute('data-testid')) ?? '').replace('poll-', '');
    await poll.locator('input[type="radio"]').first().check();
    await page.getByTestId(`poll-${id}-submit`).click();
    await page.getByTestId(`poll-${id}-results`).waitFor();
    await screenshot(page, 'membership-vote-results-tr-TR');
  });

  it('shows the credit score, its rule and its change log', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/user/creditScore`);
    await screen(page, '/pages/user/creditScore');
    await page.getByTestId('credit-rule').waitFor();
    expect(await page.getByTestId('credit-score-value').textContent()).toBe('60');
    await page.getByTestId('credit-change-base').waitFor();
    await screenshot(page, 'membership-credit-tr-TR');
  });

  it('shows the four screens in English, and the invitation to a non-member', async () => {
    const { page } = me.phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/stock/vip`);
    await page.getByTestId('vip-state-purchased').waitFor();
    await screenshot(page, 'membership-vip-en-US');
    await page.goto(`${base}/pages/stock/advice`);
    await page.getByTestId('advice-list').waitFor();
    await screenshot(page, 'membership-advice-en-US');
    await page.goto(`${base}/pages/stock/vote`);
    await page.getByTestId('poll-list').locator('[data-testid$="-results"]').first().waitFor();
    await screenshot(page, 'membership-vote-en-US');
    await page.goto(`${base}/pages/user/creditScore`);
    await page.getByTestId('credit-rule').waitFor();
    await screenshot(page, 'membership-credit-en-US');

    const other = (await operator(['create-user'], cli)) as CreatedUser;
    await signInAs(page, base, other, 'en-US');
    await page.goto(`${base}/pages/stock/advice`);
    await page.getByTestId('advice-invitation').waitFor();
    await screenshot(page, 'membership-advice-invite-en-US');
  });
});
