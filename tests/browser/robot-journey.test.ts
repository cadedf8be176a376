import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { callApi, signedInPhone } from '../support/browser-session';

// In Chromium: a user whose coin account staff funded opens the robots, reads a robot's
// measured track record, its backtest beside buy-and-hold and the risk notice, buys it with the
// trade password after a sheet that states the fee, the withholding and the early-stop penalty,
// and finds it in My robots and on its order screen — in Turkish, then every screen in English.
const base = inject('baseURL');
const PIN = '246810';

type Balance = { wallet: string; currency: string; available: string };
type Order = { id: string; status: string; capital: string; robotId: string };
let orderId = '';

const coinUsdt = async (): Promise<number> => {
  const assets = (await callApi(base, me.user.userToken, '/user/assets', {})) as { balances: Balance[] };
  return Number(assets.balances.find((b) => b.wallet === 'coin' && b.currency === 'USDT')!.available);
};
const orders = async (): Promise<Order[]> =>
  ((await callApi(base, me.user.userToken, '/robot/order/list', {})) as { list: Order[] }).list;

/** One screenshot per part of a long screen, each part scrolled into view. */
async function shots(page: Page, name: string, parts: string[]): Promise<void> {
  for (const [i, part] of parts.entries()) {
    // The first part from the top of the screen, as it opens; the others scrolled to.
    if (i === 0) {
      await page.getByTestId(part).first().waitFor();
      await page.mouse.move(195, 400);
      await page.mouse.wheel(0, -20_000);
      await page.waitForTimeout(200);
    } else await page.getByTestId(part).first().scrollIntoViewIfNeeded();
    await screenshot(page, `${name}${i === 0 ? '' : `-${i + 1}`}`);
  }
}

const me = signedInPhone({
  fund: ['5000', '--wallet', 'coin', '--currency', 'USDT', '--reason', 'robot browser test'],
  passwords: { trade: PIN },
});

describe('a trading robot in Chromium: list, detail, purchase, my robots', () => {
  it('lists the robots with measured records and a risk notice', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/robot/list`);
    await screen(page, '/pages/robot/list');
    await page.getByTestId('robot-list').waitFor();
    expect(await page.getByTestId('robot-list').locator('li').count()).toBe(4);
    await shots(page, 'robot-list-tr-TR', ['robot-list', 'robot-risk']);
  });

  it('shows a robot: rules, track record, backtest beside buy-and-hold, risk notice', async () => {
    const { page } = me.phone;
    await page.getByTestId('robot-1').click();
    await screen(page, '/pages/robot/detail');
    await page.getByTestId('robot-backtest').waitFor();
    expect(await page.getByTestId('robot-track').textContent()).toMatch(/geçmiş/i);
    expect(await page.getByTestId('robot-backtest').textContent()).toMatch(/geçmiş bir sonuçtur/);
    expect(await page.getByTestId('robot-risk').textContent()).toMatch(/vaat edilmez/);
    await page.getByTestId('robot-amount').waitFor();
    await shots(page, 'robot-detail-tr-TR', [
      'robot-detail',
      'robot-track',
      'robot-backtest',
      'robot-amount',
    ]);
  });

  it('buys with the trade password after a sheet that states every cost', async () => {
    const { page } = me.phone;
    const before = await coinUsdt();
    await page.getByTestId('robot-amount').fill('250,5');
    await page.getByTestId('robot-days').fill('2');
    await page.getByTestId('robot-buy-submit').click();
    const sheet = page.getByTestId('robot-confirm');
    await sheet.waitFor();
    expect(await sheet.getByTestId('robot-sheet-tax').textContent()).toContain('%20');
    expect(await sheet.getByTestId('robot-sheet-penalty').textContent()).toContain('2,50');
    await sheet.getByTestId('robot-confirm-password').fill(PIN);
    await screenshot(page, 'robot-confirm-tr-TR');
    await sheet.getByTestId('robot-confirm-submit').click();
    await page.getByTestId('robot-bought').waitFor();
    await screenshot(page, 'robot-bought-tr-TR');
    const [order] = await orders();
    expect(order).toMatchObject({ status: 'running', capital: '250.5', robotId: '1' });
    orderId = order!.id;
    expect(before - (await coinUsdt())).toBeCloseTo(250.5, 6);
  });

  it('shows the order and lists it in My robots and the history', async () => {
    const { page } = me.phone;
    await page.getByTestId('robot-bought-open').click();
    await screen(page, '/pages/robot/orderDetail');
    await page.getByTestId('robot-order').waitFor();
    expect(await page.getByTestId('order-capital').textContent()).toContain('250,50');
    expect(await page.getByTestId('order-days-left').textContent()).toBe('2');
    await shots(page, 'robot-order-tr-TR', ['robot-order', 'robot-stop']);
    await page.goto(`${base}/pages/robot/mine`);
    await screen(page, '/pages/robot/mine');
    await page.getByTestId(`robot-order-${orderId}`).waitFor();
    await screenshot(page, 'robot-mine-tr-TR');
    await page.goto(`${base}/pages/robot/record`);
    await screen(page, '/pages/robot/record');
    await page.getByTestId(`robot-order-${orderId}`).waitFor();
    await screenshot(page, 'robot-record-tr-TR');
    await page.goto(`${base}/pages/robot/intro`);
    await screen(page, '/pages/robot/intro');
    await shots(page, 'robot-intro-tr-TR', ['robot-intro', 'robot-risk']);
    await page.goto(`${base}/pages/robot/detail`);
    await page.getByTestId('robot-chooser').waitFor();
    await page.getByTestId('robot-list').waitFor();
    await screenshot(page, 'robot-detail-chooser-tr-TR');
  });

  it("an order id that is not the user's says it was not found and leads to My robots, not a retry", async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/robot/orderDetail?id=999999`);
    const state = page.getByTestId('error-state');
    await state.waitFor();
    expect(await state.innerText()).toMatch(/Bulunamadı\s+Robot emri bulunamadı\./);
    expect(await page.getByTestId('retry').count()).toBe(0);
    await screenshot(page, 'robot-order-unknown-tr-TR');
    await page.getByTestId('error-back').click();
    await screen(page, '/pages/robot/mine');
    await page.getByTestId(`robot-order-${orderId}`).waitFor();
  });

  it('reads in English', async () => {
    const { page } = me.phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/robot/list`);
    await page.getByTestId('robot-list').waitFor();
    expect(await page.getByTestId('robot-risk').textContent()).toMatch(/No return is promised/);
    await shots(page, 'robot-list-en-US', ['robot-list', 'robot-risk']);
    await page.goto(`${base}/pages/robot/detail?id=2`);
    await page.getByTestId('robot-backtest').waitFor();
    await page.getByTestId('robot-amount').waitFor();
    await shots(page, 'robot-detail-en-US', [
      'robot-detail',
      'robot-track',
      'robot-backtest',
      'robot-amount',
    ]);
    await page.getByTestId('robot-amount').fill('600');
    await page.getByTestId('robot-days').fill('3');
    await page.getByTestId('robot-buy-submit').click();
    await page.getByTestId('robot-confirm').waitFor();
    await screenshot(page, 'robot-confirm-en-US');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/pages/robot/orderDetail?id=${orderId}`);
    await page.getByTestId('robot-order').waitFor();
    await shots(page, 'robot-order-en-US', ['robot-order', 'robot-stop']);
    await page.getByTestId('robot-stop').click();
    await page.getByTestId('robot-stop-confirm').waitFor();
    await screenshot(page, 'robot-stop-en-US');
    await page.keyboard.press('Escape');
    for (const [route, name] of [
      ['/pages/robot/mine', 'robot-mine-en-US'],
      ['/pages/robot/record', 'robot-record-en-US'],
      ['/pages/robot/intro', 'robot-intro-en-US'],
    ] as const) {
      await page.goto(`${base}${route}`);
      await screen(page, route);
      await page.locator('.ipo-stack').first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
    }
  });
});
