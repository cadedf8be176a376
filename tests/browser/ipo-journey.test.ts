import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// Issue 14 in Chromium: a funded user with a trade password applies for a subscribing IPO on its
// order screen (what is held shown before the password), staff close the window early, and the
// IPO pass allocates while the user watches the applications list.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

type Offering = { id: string; symbol: string; status: string; method: string };
type Application = { id: string; ipoId: string; status: string; lots: string; allottedLots: string | null };
let phone: Phone;
let user: CreatedUser;
let ipo: Offering;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '50000', '--reason', 'IPO browser test'], cli);
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  const page = (await callApi(base, user.userToken, '/stock/index/new/list', {}, 'GET')) as {
    list: Offering[];
  };
  // The seeded equal-distribution IPO taking applications (dated from the broker's first start).
  ipo = page.list.find((o) => o.status === 'subscribing' && o.method === 'equal')!;
  expect(ipo, JSON.stringify(page.list)).toBeDefined();
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('an IPO in Chromium: apply, allocation', () => {
  it('shows what will be held before the trade password, and takes the application', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/stockIPO/ipoOrder?id=${ipo.id}`);
    await screen(page, '/pages/stockIPO/ipoOrder');
    await page.getByTestId('order-lots-input').fill('100');
    await page.getByTestId('order-summary').getByText('100 lot').first().waitFor();
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm-password').fill(PIN);
    await screenshot(page, 'ipo-confirm-tr-TR');
    await page.getByTestId('order-confirm-submit').click();
    await page.getByTestId('order-done').waitFor();
    const mine = (await callApi(base, user.userToken, '/stock/order/new/list', {}, 'GET')) as {
      list: Application[];
    };
    const application = mine.list.find((a) => a.ipoId === ipo.id);
    expect(application?.lots).toBe('100');
  });

  it('allocates when staff close the window, and the list shows the allotted lots', async () => {
    const { page } = phone;
    await operator(['ipo', 'close', ipo.id], cli);
    await page.goto(`${base}/pages/stockIPO/list`);
    await screen(page, '/pages/stockIPO/list');
    const mine = (await callApi(base, user.userToken, '/stock/order/new/list', {}, 'GET')) as {
      list: Application[];
    };
    const id = mine.list.find((a) => a.ipoId === ipo.id)!.id;
    // The pass runs every 5 s on the owner: reload until the row shows allotted lots.
    const deadline = Date.now() + 20_000;
    let allotted = '';
    for (;;) {
      allotted = await page.getByTestId(`application-${id}-allotted`).innerText({ timeout: 10_000 });
      if (/\d/.test(allotted) || Date.now() > deadline) break;
      await page.waitForTimeout(1_000);
      await page.reload();
    }
    expect(allotted).toMatch(/^\d/);
    await screenshot(page, 'ipo-allocated-tr-TR');
    const after = (await callApi(base, user.userToken, '/stock/order/new/list', {}, 'GET')) as {
      list: Application[];
    };
    const application = after.list.find((a) => a.id === id)!;
    expect(Number(application.allottedLots)).toBeGreaterThan(0);
    expect(Number(application.allottedLots)).toBeLessThanOrEqual(100);
  });
});
