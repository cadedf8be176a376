import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';
import { passOptionCheck } from '../support/risk-check';

// In Chromium: a funded user opens the options ticket from THYAO's screen, reads the
// premium, the cost and the maximum loss, buys a call at the broker's quote, finds it among the
// positions valued live, and closes it early at a quote — in Turkish, then in English. Every
// figure in the sheets is the broker's quote: what the ledger took equals the cost it showed.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Position = {
  id: string;
  status: string;
  premium: string;
  cost: string;
  payoff: string | null;
  contracts: string;
};
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
 * Confirms in the sheet as a user would, at the broker's quote: waits for its figures and
 * countdown, reads them, confirms. A quote that ran out before the tap (a slow machine) is met as
 * a user meets it: "expired", a new quote, its figures read again. Answers the figures (by test
 * id) of the quote the confirmation went through at.
 */
async function confirmAtQuote(
  sheet: Locator,
  prefix: string,
  figures: readonly string[],
  done: Locator,
): Promise<number[]> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    await sheet.getByTestId(`${prefix}-quote-timer`).waitFor({ timeout: 20_000 });
    const shown = await Promise.all(
      figures.map(async (id) => money(await sheet.getByTestId(id).textContent())),
    );
    const clicked = await sheet
      .getByTestId(`${prefix}-submit`)
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    const outcome = await Promise.race([
      done.waitFor({ timeout: 20_000 }).then(
        () => 'done',
        () => 'timeout',
      ),
      sheet
        .getByTestId(`${prefix}-quote-expired`)
        .waitFor({ timeout: 20_000 })
        .then(
          () => 'expired',
          () => 'timeout',
        ),
    ]);
    if (outcome === 'done' && clicked) return shown;
    if (outcome !== 'expired') throw new Error(`${prefix}: ${outcome} after ${attempt} tries`);
    await sheet.getByTestId(`${prefix}-quote-refresh`).click();
  }
  throw new Error(`${prefix}: expired four times`);
}

/**
 * The ticket's five Greeks, each a figure (not a dash), and its payoff chart with every mark
 * priced and the maximum loss named; a screenshot of each for a person to look at.
 */
async function showGreeksAndPayoff(page: Phone['page'], locale: string): Promise<void> {
  const figures = page.getByTestId('option-figures');
  // The worker's first quote may still be on its way (the figures are dashes until then).
  for (const greek of ['fig-delta', 'fig-gamma', 'fig-vega', 'fig-theta', 'fig-rho'])
    await expect.poll(() => figures.getByTestId(greek).textContent(), { timeout: 15_000 }).toMatch(/\d/);
  // In the middle of the screen: the sticky buy button covers the bottom of it.
  await figures.getByTestId('fig-rho').evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await screenshot(page, `options-ticket-greeks-${locale}`);
  const chart = page.getByTestId('payoff-chart');
  for (const mark of ['payoff-strike', 'payoff-breakeven', 'payoff-spot'])
    expect(await chart.getByTestId(mark).textContent()).toMatch(/\d/);
  await chart.evaluate((figure) => figure.scrollIntoView({ block: 'center' }));
  await screenshot(page, `options-ticket-payoff-${locale}`);
  await page.evaluate(() => window.scrollTo(0, 0));
}

// The first Turkish-formatted amount in the text (a figure, or the one in a sentence).
const money = (text: string | null) =>
  Number(((text ?? '').match(/-?\d[\d.]*(?:,\d+)?/)?.[0] ?? 'NaN').replace(/\./g, '').replace(',', '.'));

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '50000', '--reason', 'options browser test'], cli);
  // No option is bought before the risk check (its own journey: learn-journey.test.ts).
  await passOptionCheck(base, user.userToken, 'THYAO');
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
    // The default pick, the soonest expiry (today's close while it is offered): the simulated
    // market moves THYAO by a lira or so in the second between the sheet and the tap, which moved
    // this premium (some ₺4 a share) past the 2 % tolerance half the time before the sheet
    // confirmed at a quote the broker honours (10 of 20 refused then).
    const soonest = page.getByTestId('option-ticket').locator('[data-testid^="option-expiry-"]').first();
    expect(await soonest.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('option-contracts').fill('1');
    await page.getByTestId('option-max-loss').waitFor();
    await screenshot(page, 'options-ticket-tr-TR');
    await showGreeksAndPayoff(page, 'tr-TR');
    const before = await stockCash();
    await page.getByTestId('option-submit').click();
    const sheet = page.getByTestId('option-confirm');
    await sheet.getByTestId('option-confirm-quote-timer').waitFor();
    await screenshot(page, 'options-confirm-tr-TR');
    const [shownPremium, shownCost, shownMaxLoss] = await confirmAtQuote(
      sheet,
      'option-confirm',
      ['fig-premium', 'fig-cost', 'sheet-max-loss'],
      page.getByTestId('option-bought'),
    );
    expect(shownCost).toBeGreaterThan(0);
    const [bought] = await positions();
    expect(bought).toMatchObject({ status: 'open', contracts: '1' });
    // Charged exactly the quote the sheet showed, however THYAO moved before the tap.
    expect(Number(bought!.premium)).toBe(shownPremium);
    expect(Number(bought!.cost)).toBe(shownCost);
    expect(shownMaxLoss).toBe(shownCost);
    expect(before - (await stockCash())).toBeCloseTo(shownCost!, 2);
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
    await sheet.getByTestId('option-close-confirm-quote-timer').waitFor();
    await screenshot(page, 'options-close-tr-TR');
    const [shownProceeds] = await confirmAtQuote(
      sheet,
      'option-close-confirm',
      ['close-proceeds'],
      page.getByTestId(`option-history-${open!.id}`),
    );
    const [closed] = await positions();
    expect(closed).toMatchObject({ id: open!.id, status: 'closed' });
    expect(Number(closed!.payoff)).toBe(shownProceeds);
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
    await showGreeksAndPayoff(page, 'en-US');
    await page.getByTestId('option-submit').click();
    const timer = page.getByTestId('option-confirm-quote-timer');
    expect(await timer.textContent()).toMatch(/^Price valid for \d+ s$/);
    await screenshot(page, 'options-confirm-en-US');
    await page.getByTestId('option-confirm-cancel').click();
    await page.goto(`${base}/pages/stock/option?tab=positions`);
    await page.getByTestId('option-history').waitFor();
    await screenshot(page, 'options-positions-en-US');
  });
});
