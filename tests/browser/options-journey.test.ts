import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// Issue 15 in Chromium: a funded user opens the options ticket from THYAO's screen, reads the
// premium, the cost and the maximum loss, buys a call, finds it among the positions valued live,
// and closes it early — in Turkish, then the positions in English. Every figure is the broker's:
// what the ledger took equals the cost the sheet showed.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Position = { id: string; status: string; cost: string; payoff: string | null; contracts: string };
type Balance = { wallet: string; currency: string; available: string };
let phone: Phone;
let user: CreatedUser;

const stockCash = async (): Promise<number> => {
  const assets = (await callApi(base, user.userToken, '/user/assets', {})) as { balances: Balance[] };
  return Number(assets.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')!.available);
};
const positions = async (): Promise<Position[]> =>
  ((await callApi(base, user.userToken, '/stock/order/option/list', {}, 'GET')) as { list: Position[] }).list;
/**
 * Confirms in the sheet as a user would: a premium that moved past the tolerance since the sheet
 * opened is refused (OPTION_PRICE_CHANGED), the sheet shows the new figures and the user confirms
 * again. Answers the sheet's figures (by test id) as they were at the confirmation that went through.
 */
async function confirmThrough(
  sheet: Locator,
  prefix: string,
  figures: readonly string[],
  done: Locator,
): Promise<number[]> {
  for (let attempt = 1; ; attempt++) {
    const shown = await Promise.all(
      figures.map(async (id) => money(await sheet.getByTestId(id).textContent())),
    );
    await sheet.getByTestId(`${prefix}-submit`).click();
    const outcome = await Promise.race([
      done.waitFor({ timeout: 20_000 }).then(
        () => 'done',
        () => 'timeout',
      ),
      sheet
        .getByTestId(`${prefix}-error`)
        .filter({ hasText: /\S/ })
        .waitFor({ timeout: 20_000 })
        .then(
          () => 'repriced',
          () => 'timeout',
        ),
    ]);
    if (outcome === 'done') return shown;
    if (outcome === 'timeout' || attempt >= 4)
      throw new Error(`${prefix}: ${outcome} after ${attempt} tries`);
  }
}

// The first Turkish-formatted amount in the text (a figure, or the one in a sentence).
const money = (text: string | null) =>
  Number(((text ?? '').match(/-?\d[\d.]*(?:,\d+)?/)?.[0] ?? 'NaN').replace(/\./g, '').replace(',', '.'));

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '50000', '--reason', 'options browser test'], cli);
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('a stock option in Chromium: buy from the ticket, close from the positions', () => {
  it('reaches the ticket from the stock screen and buys one contract at the cost it showed', async () => {
    const { page } = phone;
    await page.goto(`${base}/pages/stock/index?symbol=THYAO`);
    await screen(page, '/pages/stock/index');
    await page.getByTestId('open-options').click();
    await screen(page, '/pages/stock/option');
    await page.getByTestId('option-ticket').waitFor();
    // The month expiry: the simulated market moves THYAO by a lira or so in the second between
    // the sheet and the tap, which moves the day expiry's premium (some ₺4 a share) past the 2 %
    // tolerance half the time (measured against the broker: 10 of 20 refused, the month's 0 of
    // 20); four refusals in a row failed CI once. A refusal is still met as a user meets it.
    await page.getByTestId('option-expiry-month').click();
    await expect
      .poll(() => page.getByTestId('option-expiry-month').getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('option-contracts').fill('1');
    await page.getByTestId('option-max-loss').waitFor();
    await screenshot(page, 'options-ticket-tr-TR');
    const before = await stockCash();
    await page.getByTestId('option-submit').click();
    const sheet = page.getByTestId('option-confirm');
    await sheet.waitFor();
    await screenshot(page, 'options-confirm-tr-TR');
    const [shownCost, shownMaxLoss] = await confirmThrough(
      sheet,
      'option-confirm',
      ['fig-cost', 'sheet-max-loss'],
      page.getByTestId('option-bought'),
    );
    expect(shownCost).toBeGreaterThan(0);
    const [bought] = await positions();
    expect(bought).toMatchObject({ status: 'open', contracts: '1' });
    // The price may move between the sheet and the fill: it never costs more than the most the
    // sheet said it could (the premium at the tolerance, fee included).
    expect(Number(bought!.cost)).toBeLessThanOrEqual(shownMaxLoss!);
    expect(before - (await stockCash())).toBeCloseTo(Number(bought!.cost), 2);
  });

  it('values the position live and closes it early for the proceeds the sheet showed', async () => {
    const { page } = phone;
    const [open] = await positions();
    await page.goto(`${base}/pages/stock/option?tab=positions`);
    await screen(page, '/pages/stock/option');
    await page.getByTestId(`option-open-${open!.id}`).waitFor();
    await screenshot(page, 'options-positions-tr-TR');
    const before = await stockCash();
    await page.getByTestId(`option-close-${open!.id}`).click();
    const sheet = page.getByTestId('option-close-confirm');
    await sheet.waitFor();
    await screenshot(page, 'options-close-tr-TR');
    await confirmThrough(
      sheet,
      'option-close-confirm',
      ['close-proceeds'],
      page.getByTestId(`option-history-${open!.id}`),
    );
    const [closed] = await positions();
    expect(closed).toMatchObject({ id: open!.id, status: 'closed' });
    // What an early close credits is its payoff: the proceeds after the close fee.
    expect((await stockCash()) - before).toBeCloseTo(Number(closed!.payoff), 2);
  });

  it('reads in English', async () => {
    const { page } = phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/stock/option?symbol=THYAO`);
    await screen(page, '/pages/stock/option');
    await page.getByTestId('option-contracts').fill('2');
    await page.getByTestId('option-max-loss').waitFor();
    expect(await page.getByTestId('option-max-loss').textContent()).toMatch(/lose/i);
    await screenshot(page, 'options-ticket-en-US');
    await page.goto(`${base}/pages/stock/option?tab=positions`);
    await page.getByTestId('option-history').waitFor();
    await screenshot(page, 'options-positions-en-US');
  });
});
