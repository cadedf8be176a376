import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium: a robot run recorded before runs were marked at every candle, whose candles the
// source no longer has, shows its largest fall as its fills' and says so on the history and the
// order screen, in Turkish and in English. The browser cannot write such an old row into the
// server's database, so the server's real answers for the user's order are rewritten to the
// shape such a run has on the wire (its marks gone: drawdownFrom 'fills'); the server side of it,
// re-marking from the bars or labelling, is tests/server/robots-remark.test.ts.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

let phone: Phone;
let user: CreatedUser;
let orderId = '';

type Order = { id: string; maxDrawdown: string | null; drawdownFrom: string };

/** The user's order answered as a run recorded before marking: its fall from its fills only. */
async function asUnmarked(page: Page): Promise<void> {
  const unmarked = (order: Order) => ({ ...order, maxDrawdown: '0.0012', drawdownFrom: 'fills' });
  await page.route(/\/ipxtrg-api\/robot\/order\/(list|info)$/, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as {
      data: { list?: Order[]; order?: Order };
    };
    if (answer.data.list) answer.data.list = answer.data.list.map(unmarked);
    if (answer.data.order) answer.data.order = unmarked(answer.data.order);
    await route.fulfill({ response, json: answer });
  });
  // The robot's record with one such run among its finished ones.
  await page.route(/\/ipxtrg-api\/robot\/info$/, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { robot: { track: Record<string, unknown> } } };
    // The figures of two finished runs: one marked (no fall), one unmarked (the server test's).
    answer.data.robot.track = {
      runs: 2,
      finished: 2,
      returnRate: '-0.02569187',
      dailyRate: '-0.02569187',
      maxDrawdown: '0.05138374',
      fillsOnly: 1,
      wins: 0,
      sells: 1,
      winRate: '0',
    };
    await route.fulfill({ response, json: answer });
  });
}

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(
    ['fund', user.userId, '1000', '--wallet', 'coin', '--currency', 'USDT', '--reason', 'robot unmarked run'],
    cli,
  );
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  const order = (await callApi(base, user.userToken, '/robot/buy', {
    action: 'buy',
    robotId: '1',
    amount: '250',
    days: '2',
    tradePassword: PIN,
  })) as Order;
  orderId = order.id;
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
  await asUnmarked(phone.page);
});
afterAll(async () => {
  await phone?.close();
});

describe('a robot run recorded before marking, in Chromium', () => {
  it.each([
    ['tr-TR', 'En büyük düşüş (yalnızca işlemler)', 'yalnızca işlemlerinde ölçülür'],
    ['en-US', 'Largest fall (fills only)', 'measured at its trades only'],
  ])('labels its fall as its fills’ in %s', async (lang, label, note) => {
    const { page } = phone;
    await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
    await page.goto(`${base}/pages/robot/record`);
    await screen(page, '/pages/robot/record');
    const row = page.getByTestId(`robot-order-${orderId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(label);
    await screenshot(page, `robot-record-unmarked-${lang}`);
    await page.goto(`${base}/pages/robot/orderDetail?id=${orderId}`);
    await page.getByTestId('robot-order').waitFor();
    const figure = page.getByTestId('order-drawdown');
    expect(await figure.textContent()).toMatch(/0[,.]12/);
    expect(await figure.locator('xpath=preceding-sibling::dt[1]').textContent()).toContain(label);
    expect(await page.getByTestId('order-fills-note').textContent()).toContain(note);
    await screenshot(page, `robot-order-unmarked-${lang}`);
    await page.goto(`${base}/pages/robot/detail?id=1`);
    const track = page.getByTestId('robot-track');
    await track.waitFor();
    expect(await track.textContent()).toContain(lang === 'tr-TR' ? 'Biten 1 çalışma' : '1 finished run was');
    await track.scrollIntoViewIfNeeded();
    await screenshot(page, `robot-track-unmarked-${lang}`);
  });
});
