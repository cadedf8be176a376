import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium against the real broker: a request's record screens follow the operator's (or the
// chain's) decision over the private channel, with no reload and no focus change — the list row,
// the open detail, and an action the decision took away (cancel on a paid withdrawal).
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const NAME = 'Canlı Kayıt';
/** A Garanti BBVA IBAN (bank code 00062) with valid check digits. */
const IBAN = 'TR130006200000000000000002';
const PIN = '246813';
/** The trade PIN, which may not be the withdrawal PIN. */
const TRADE_PIN = '135791';
/**
 * How long after the operator's command returns the screen may take: the event is sent before
 * the command answers, so this is the socket, the worker's next frame and a render.
 */
const LIVE_MS = 1_000;
/**
 * A change whose screen reads the record again before showing it (an offer needs its amount):
 * the event, then one REST read, on a machine the suites share with others.
 */
const READ_MS = 3_000;

let user: CreatedUser;
let cardId: string;
const phones: Phone[] = [];

/**
 * A signed-in phone, and when its socket has subscribed the `records` channel: an event before
 * that is caught up by the resync's refetch, but then the test would not be testing the event.
 */
async function phoneIn(lang: string): Promise<{ page: Page; subscribed: Promise<void> }> {
  const phone = await openPhone();
  phones.push(phone);
  const subscribed = new Promise<void>((resolve) =>
    phone.page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && /"op":"subscribed","ch":"records"/.test(payload)) resolve();
      }),
    ),
  );
  await signInAs(phone.page, base, user, lang);
  return { page: phone.page, subscribed };
}

/** Marks the document: a reload would drop the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'kept';
  });
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);

/** Waits until `selector` matches, at most `LIVE_MS` from now. */
const within = (page: Page, selector: string) =>
  page.locator(selector).first().waitFor({ state: 'attached', timeout: LIVE_MS });

beforeAll(async () => {
  user = (await operator(['create-user', '--kyc', 'approved', '--name', NAME], cli)) as CreatedUser;
  const card = (await callApi(base, user.userToken, '/bank/add', {
    accountNumber: IBAN,
    holderName: NAME,
  })) as { id: string };
  cardId = card.id;
  await callApi(base, user.userToken, '/user/update/withdrawpwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: TRADE_PIN,
    confirmPassword: TRADE_PIN,
    loginPassword: user.password,
  });
  await operator(['fund', user.userId, '20000', '--reason', 'live records'], cli);
});
afterAll(async () => {
  for (const phone of phones) await phone.close();
});

describe('live records in Chromium: the broker decides, the open screen follows', () => {
  it('a bank deposit approved with the operator CLI: its row and open detail say so', async () => {
    const deposit = (await callApi(base, user.userToken, '/user/recharge/add', {
      channelId: 'garanti',
      amount: '5000',
    })) as { id: string };
    const { page, subscribed } = await phoneIn('tr-TR');
    await page.goto(`${base}/pages/recharge/bankRecord`);
    await screen(page, '/pages/recharge/bankRecord');
    const row = `[data-testid="deposit-${deposit.id}"]`;
    await page.locator(`${row} [data-status="pending"]`).waitFor();
    await page.locator(row).click();
    const sheet = '[data-testid="deposit-sheet"]';
    await page.locator(`${sheet} [data-status="pending"]`).waitFor();
    await subscribed;
    await markDocument(page);
    await screenshot(page, 'live-deposit-pending-tr-TR');

    await operator(['deposit', 'approve', deposit.id], cli);
    await within(page, `${sheet} [data-status="success"]`);
    await within(page, `${row} [data-status="success"]`);
    expect(await stillSameDocument(page)).toBe('kept');
    // Then the record itself is read again: the ledger posting that credited it appears.
    await page.locator(`${sheet} [data-testid="detail-ledger"]`).waitFor({ timeout: 5_000 });
    await screenshot(page, 'live-deposit-approved-tr-TR');
  });

  it('a withdrawal paid by the operator: "İptal et" and its open sheet go before a tap can reach them', async () => {
    const withdrawal = (await callApi(base, user.userToken, '/user/withdraw/add', {
      cardId,
      amount: '1000',
      withdrawPassword: PIN,
    })) as { id: string };
    const { page, subscribed } = await phoneIn('tr-TR');
    await page.goto(`${base}/pages/withdraw/withdrawRecord`);
    await screen(page, '/pages/withdraw/withdrawRecord');
    const cancel = page.getByTestId(`cancel-${withdrawal.id}`);
    expect(await cancel.innerText()).toBe('İptal et');
    await cancel.click();
    await page.getByTestId('cancel-sheet').waitFor();
    await subscribed;
    await markDocument(page);

    await operator(['withdrawal', 'approve', withdrawal.id], cli);
    await page.getByTestId('cancel-sheet').waitFor({ state: 'detached', timeout: LIVE_MS });
    await within(page, `[data-testid="withdrawal-${withdrawal.id}"] [data-status="success"]`);
    expect(await cancel.count()).toBe(0);
    expect(await stillSameDocument(page)).toBe('kept');
    await screenshot(page, 'live-withdrawal-paid-tr-TR');
  });

  it('wallet/recordDetail of a chain deposit follows the chain confirmation', async () => {
    await callApi(base, user.userToken, '/coin/recharge/address/generate', {
      currency: 'USDT',
      chain: 'TRC20',
    });
    const txHash = randomBytes(32).toString('hex');
    const deposit = (await callApi(base, user.userToken, '/coin/recharge/add', {
      currency: 'USDT',
      chain: 'TRC20',
      amount: '120',
      txHash,
    })) as { id: string };
    const { page, subscribed } = await phoneIn('en-US');
    await page.goto(`${base}/pages/wallet/recordDetail?type=deposit&kind=crypto&id=${deposit.id}`);
    await screen(page, '/pages/wallet/recordDetail');
    await page.locator('[data-testid="detail-status"][data-status="pending"]').waitFor();
    await subscribed;
    await markDocument(page);
    await screenshot(page, 'live-chain-pending-en-US');

    await operator(['chain', 'confirm', txHash], cli);
    await within(page, '[data-testid="detail-status"][data-status="success"]');
    // The decision time comes with the record read again behind the status.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="detail-transaction"]')?.textContent?.match(/\d/) != null,
      undefined,
      { timeout: 5_000 },
    );
    expect(await stillSameDocument(page)).toBe('kept');
    await screenshot(page, 'live-chain-confirmed-en-US');
  });

  it('a loan the operator offers another amount: its card says so at once (English)', async () => {
    const loan = (await callApi(base, user.userToken, '/user/loan/apply', {
      amount: '5000',
      days: '30',
      tradePassword: TRADE_PIN,
    })) as { id: string };
    const { page, subscribed } = await phoneIn('en-US');
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    await screen(page, '/pages/user/loan');
    const card = `[data-testid="loan-${loan.id}"]`;
    await page.locator(`${card}[data-status="review"]`).waitFor();
    await subscribed;
    await markDocument(page);

    await operator(['loan', 'approve', loan.id, '--amount', '4000'], cli);
    await page.locator(`${card}[data-status="offered"]`).waitFor({ timeout: READ_MS });
    // With the amount offered, never the status beside the amount applied for.
    expect(await page.locator(card).innerText()).toContain('4,000.00');
    expect(await stillSameDocument(page)).toBe('kept');
    await screenshot(page, 'live-loan-offered-en-US');
  });
});
