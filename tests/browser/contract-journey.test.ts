import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, styleRecalculations, type Phone } from '../support/browser';
import { operator } from '../support/operator';
import { passRiskCheckByGuessing } from '../support/risk-check';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

type User = { account: string; password: string; userToken: string; userTokenDemo: string };
type Position = {
  id: string;
  entryPrice: string;
  liquidationPrice: string | null;
  takeProfit: string | null;
};

async function api(token: string, path: string, body: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${base}/ipxtrg-api${path}`, {
    method: 'POST',
    headers: { accesstoken: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const answer = (await response.json()) as { code: number; msg: string; key?: string; data: unknown };
  if (answer.code !== 0) throw Object.assign(new Error(`${path}: ${answer.msg}`), { key: answer.key });
  return answer.data;
}

/**
 * A market open over the API, asked again while the simulated book has no counterparty for it
 * (NO_LIQUIDITY, which changes nothing): the simulator's BTCUSDT side is momentarily too thin at
 * times (a full suite run has seen it), and this test is about what the screen
 * shows once a position exists, not about the simulator's depth.
 */
async function openOverApi(token: string, body: Record<string, string>): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api(token, '/coin/contract/order/add', body);
    } catch (error) {
      if ((error as { key?: string }).key !== 'NO_LIQUIDITY' || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const activePositions = async (token: string) =>
  ((await api(token, '/coin/contract/order/list/active')) as { list: Position[] }).list;

/** Signed in on the `tradeType` ticket (the contract one unless said). */
const signIn = (page: Page, user: User, lang: string, tradeType = 'contract') =>
  signInAs(page, base, user, lang, { systemTradeType: tradeType });

const settled = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 15_000,
  });

async function noGarbage(page: Page): Promise<void> {
  const text = await page.locator('[data-screen]').first().innerText();
  expect(text).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]/);
}

/** A user with 1,000 USDT in the currency account (operator funding), a trade password asked on every order. */
async function fundedUser(): Promise<User> {
  const user = (await operator(['create-user'], cli)) as User;
  const info = (await api(user.userToken, '/user/info')) as { id: string };
  await operator(
    ['fund', info.id, '1000', '--reason', 'contract journey', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  await api(user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  // Orders are confirmed with the trade password: the contract confirmation asks for it.
  await api(user.userToken, '/user/update', { confirmOrdersWithTradePassword: '1' });
  // Above 5× needs the risk check passed (its own journey: learn-journey.test.ts).
  const check = { kind: 'leverage', symbol: 'BTCUSDT', side: 'long', leverage: '10', margin: '100' };
  await passRiskCheckByGuessing(base, user.userToken, check);
  return user;
}

/** A figure as tr-TR shows it (`87.095,03`) as a number, for comparing two readings. */
function trNumber(text: string): number {
  const value = Number(
    text
      .replace(/[^\d,.-]/g, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );
  expect(Number.isFinite(value)).toBe(true);
  return value;
}

/** Chromium's style recalculations in the second after the first position's ratio bar next moves. */
/**
 * Until the idle preload has linked the next screens' code (src/routes/preload-queue.ts): each
 * link it adds to the head is a restyle of its own, which is not the bar's.
 */
async function preloadsSettled(page: Page): Promise<void> {
  const links = () => page.locator('link[rel="modulepreload"], link[rel="preload"]').count();
  let last = -1;
  for (let still = 0; still < 6;) {
    const now = await links();
    still = now === last ? still + 1 : 0;
    last = now;
    await page.waitForTimeout(250);
  }
}

async function restylesAfterTheBarMoves(page: Page): Promise<number> {
  await preloadsSettled(page);
  const restyles = await styleRecalculations(page);
  const bar = '[data-testid="position"] .ratio-bar__fill';
  const width = await page.locator(bar).first().getAttribute('style');
  await page.waitForFunction(
    ([selector, was]) => document.querySelector(selector)?.getAttribute('style') !== was,
    [bar, width] as const,
    { polling: 'raf', timeout: 30_000 },
  );
  const before = await restyles.count();
  await page.waitForTimeout(1_000);
  const after = await restyles.count();
  await restyles.close();
  return after - before;
}

describe('contract journey in Chromium', () => {
  let phone: Phone;
  let user: User;

  beforeAll(async () => {
    phone = await openPhone();
    user = await fundedUser();
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('transfer → risk disclosure → 10× long → PnL moves → take-profit → add margin → close all', async () => {
    const { page } = phone;
    await signIn(page, user, 'tr-TR');

    // Transfer 500 USDT from the currency account to the contract account.
    await page.goto(`${base}/pages/exchange/cryptoTransfer`);
    await screen(page, '/pages/exchange/cryptoTransfer');
    await page.getByTestId('transfer-amount').fill('500');
    await page.getByTestId('transfer-pin').fill(PIN);
    await screenshot(page, 'contract-transfer-tr-TR');
    await page.getByTestId('transfer-submit').click();
    await expect
      .poll(
        async () =>
          ((await api(user.userToken, '/coin/assets')) as { contract: { available: string } }).contract
            .available,
        { timeout: 10_000 },
      )
      .toBe('500');
    // What moved stays said on the screen after the toast has gone, with the way to its records.
    // (The amount and its unit are kept together by a no-break space.)
    expect((await page.getByTestId('transfer-done').textContent())?.replaceAll('\u00a0', ' ')).toContain(
      '500,00 USDT Kripto hesabından Kontrat hesabına aktarıldı.',
    );
    await expect.poll(() => page.getByTestId('toast').textContent(), { timeout: 5_000 }).toBe('');
    expect(await page.getByTestId('transfer-done').isVisible()).toBe(true);
    expect(await page.getByTestId('transfer-records').getAttribute('href')).toBe('/pages/coin/assetsRecord');
    await screenshot(page, 'contract-transfer-done-tr-TR');

    // The contract ticket: 10× long with 100 USDT of margin; cost and liquidation price before the button.
    await page.goto(`${base}/pages/tabbar/trade`);
    await page.getByTestId('ticket-open').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
    );
    await page.getByTestId('leverage-10').click();
    await page.getByTestId('ticket-size').fill('100');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="ticket-liq"]')?.textContent !== '--',
    );
    await noGarbage(page);
    await screenshot(page, 'contract-ticket-tr-TR');
    await page.getByTestId('ticket-open').click();

    // The risk disclosure comes first, once.
    await page.getByTestId('risk-sheet').waitFor();
    expect(await page.getByTestId('risk-accept').isDisabled()).toBe(true);
    await screenshot(page, 'contract-risk-tr-TR');
    await page.getByTestId('risk-agree').check();
    await page.getByTestId('risk-accept').click();
    await page.getByTestId('contract-confirm').waitFor();
    expect(await page.getByTestId('contract-confirm-submit').isDisabled()).toBe(true);
    await page.getByTestId('contract-confirm-password').fill(PIN);
    await screenshot(page, 'contract-confirm-tr-TR');
    // A double tap on confirm opens one position, not two.
    await page.getByTestId('contract-confirm-submit').dblclick();
    // A refusal stays in the sheet: name it if the position never comes (seen once in a full run).
    await page
      .getByTestId('position')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        const refusal = await page
          .getByTestId('contract-confirm-error')
          .textContent({ timeout: 500 })
          .catch(() => null);
        await screenshot(page, 'contract-open-failed-tr-TR');
        throw new Error(`no position after confirm; the sheet says: ${refusal ?? '(nothing)'}`, {
          cause: error,
        });
      });
    const [opened, ...more] = await activePositions(user.userToken);
    expect(opened).toMatchObject({ side: 'long', leverage: 10, status: 'open' });
    expect(more).toHaveLength(0);
    // The ticket is emptied (leverage kept): one more tap cannot open the same position again.
    expect(await page.getByTestId('ticket-size').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-tp').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-open').isDisabled()).toBe(true);
    expect(await page.getByTestId('leverage-10').getAttribute('aria-checked')).toBe('true');

    // PnL moves with the price.
    const pnl = page.getByTestId('position-pnl').first();
    const before = await pnl.innerText();
    // A figure, not the "--" placeholder, and then another figure.
    expect(before).toMatch(/\d/);
    await expect.poll(() => pnl.innerText(), { timeout: 30_000, interval: 250 }).not.toBe(before);
    await noGarbage(page);
    await page.getByTestId('position').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'contract-position-tr-TR');
    // The card's actions are thumb-sized (DESIGN.md: 44 px): they were 36 px tall, Close among them.
    for (const action of ['position-what-if', 'position-tpsl', 'position-add-margin', 'position-close']) {
      const box = await page.getByTestId(action).first().boundingBox();
      expect(box?.height, `${action} height`).toBeGreaterThanOrEqual(44);
      expect(box?.width, `${action} width`).toBeGreaterThanOrEqual(44);
    }

    // A take-profit 50 % above the entry (whole number: no separator question in either language).
    const takeProfit = String(Math.ceil(Number(opened?.entryPrice) * 1.5));
    await page.getByTestId('position-tpsl').first().click();
    await page.getByTestId('tpsl-tp').fill(takeProfit);
    await screenshot(page, 'contract-tpsl-tr-TR');
    await page.getByTestId('tpsl-save').click();
    await expect
      .poll(async () => (await activePositions(user.userToken))[0]?.takeProfit, { timeout: 10_000 })
      .toBe(takeProfit);
    await expect.poll(() => page.getByTestId('position-triggers').first().innerText()).not.toMatch(/^--/);

    // Add margin: the liquidation price moves away (down, for a long).
    const liqBefore = Number((await activePositions(user.userToken))[0]?.liquidationPrice);
    const liqShown = await page.getByTestId('position-liq').first().innerText();
    await page.getByTestId('position-add-margin').first().click();
    await page.getByTestId('margin-amount').fill('50');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="margin-liq-after"]')?.textContent !== '--',
    );
    await screenshot(page, 'contract-add-margin-tr-TR');
    await page.getByTestId('margin-save').click();
    await expect
      .poll(async () => Number((await activePositions(user.userToken))[0]?.liquidationPrice), {
        timeout: 10_000,
      })
      .toBeLessThan(liqBefore);
    await expect
      .poll(async () => trNumber(await page.getByTestId('position-liq').first().innerText()), {
        timeout: 10_000,
      })
      .toBeLessThan(trNumber(liqShown));

    // What-if: drag the price 10 % down and read PnL and distance there.
    await page.getByTestId('position-what-if').first().click();
    await page.getByTestId('what-if-slider').fill('-10');
    expect(await page.getByTestId('what-if-pnl').innerText()).toMatch(/^-\d/);
    expect(await page.getByTestId('what-if-distance').innerText()).toMatch(/\d/);
    await page.getByTestId('what-if').scrollIntoViewIfNeeded();
    await screenshot(page, 'contract-what-if-tr-TR');

    // Close all: the sheet states the closing fees and what comes back before anything is sent.
    await page.getByTestId('positions-close-all').click();
    const closing = page.getByTestId('positions-close-all-confirm');
    await closing.waitFor();
    expect(await closing.innerText()).toMatch(/kapanış ücreti \(%0,05\)[\s\S]*USDT/i);
    await screenshot(page, 'contract-close-all-confirm-tr-TR');
    await page.getByTestId('positions-close-all-confirm-submit').click();
    await page.getByTestId('empty-state').waitFor({ timeout: 15_000 });
    expect(await activePositions(user.userToken)).toEqual([]);
    await page.getByTestId('positions-tab-history').click();
    await page.getByTestId('position').first().waitFor();
    await page.getByTestId('position').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'contract-history-tr-TR');
  });

  it.each(['tr-TR', 'en-US'] as const)(
    'states the liquidation fee in the risk disclosure and the confirmation (%s), unclipped',
    async (lang) => {
      const { page } = phone;
      const fresh = await fundedUser();
      await api(fresh.userToken, '/coin/transfer', {
        currency: 'USDT',
        from: 'coin',
        to: 'contract',
        amount: '500',
        tradePassword: PIN,
      });
      await signIn(page, fresh, lang);
      await page.goto(`${base}/pages/tabbar/trade`);
      await page.getByTestId('ticket-open').waitFor();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
      );
      await page.getByTestId('leverage-10').click();
      await page.getByTestId('ticket-size').fill('100');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="ticket-liq-fee"]')?.textContent?.startsWith('≈'),
      );
      await page.getByTestId('ticket-open').click();
      const risk = page.getByTestId('risk-liquidation');
      await risk.waitFor();
      expect(await risk.innerText()).toContain(
        lang === 'tr-TR' ? '%0,5 tasfiye ücreti' : '0.5% liquidation fee',
      );
      await screenshot(page, `contract-risk-fee-${lang}`);
      await page.getByTestId('risk-agree').check();
      await page.getByTestId('risk-accept').click();
      await page.getByTestId('contract-confirm').waitFor();
      const note = page.getByTestId('confirm-liq-fee-note');
      expect(await note.innerText()).toMatch(/≈\s\d/);
      // Nothing in the sheet is wider than the phone: a clipped Turkish label would overflow.
      const overflow = await page.evaluate(
        () =>
          [...document.querySelectorAll('[data-testid="contract-confirm"] *')].filter(
            (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
          ).length,
      );
      expect(overflow).toBe(0);
      await page.getByTestId('contract-confirm-costs').getByTestId('ticket-liq-fee').scrollIntoViewIfNeeded();
      await screenshot(page, `contract-confirm-fee-${lang}`);
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `contract-confirm-fee-note-${lang}`);
      await page.getByTestId('contract-confirm-cancel').click();
    },
  );

  it.each(['tr-TR', 'en-US'] as const)('renders the coin screens in %s', async (lang) => {
    const { page } = phone;
    await signIn(page, user, lang, 'coin');
    await page.goto(`${base}/pages/tabbar/trade`);
    await page.getByTestId('spot-submit').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="spot-last"]')?.textContent !== '--',
    );
    await page.getByTestId('spot-qty').fill('0.001');
    await settled(page);
    await noGarbage(page);
    await screenshot(page, `contract-spot-${lang}`);
    await page.evaluate(() => localStorage.setItem('systemTradeType', '"contract"'));
    await page.goto(`${base}/pages/tabbar/trade`);
    await page.getByTestId('ticket-open').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
    );
    await page.getByTestId('ticket-size').fill('50');
    await settled(page);
    await noGarbage(page);
    await screenshot(page, `contract-panel-${lang}`);

    // A position opened elsewhere (over the API) appears on its private channel and goes live. At
    // 20× a mark move of ~0.006 % moves its margin-ratio bar (at 5× it took ~0.1 %: 7–22 s of
    // waiting on the simulated BTC, near the 30 s timeout).
    await openOverApi(user.userToken, {
      symbol: 'BTCUSDT',
      side: lang === 'tr-TR' ? 'short' : 'long',
      leverage: '20',
      margin: '40',
      tradePassword: PIN,
    });
    const card = page.getByTestId('position').first();
    await card.waitFor({ timeout: 15_000 });
    const shown = await card.getByTestId('position-pnl').innerText();
    // The margin-ratio bar follows the mark. It glided to each new width in a 200 ms transition,
    // a restyle and a layout in every frame of it: 13–16 restyles in the second after a move;
    // without it, none. (Waiting for the bar's move is waiting for the mark's, which moves the
    // PnL too.)
    // The fewest of up to three such seconds: a burst of the idle preload's links landing in one
    // second (19 restyles in one CI run) is not the bar's; a transition on it shows in every one.
    const seconds: number[] = [];
    for (let i = 0; i < 3 && !seconds.some((n) => n < 6); i += 1)
      seconds.push(await restylesAfterTheBarMoves(page));
    expect(Math.min(...seconds), `restyles in the seconds measured: ${seconds.join(', ')}`).toBeLessThan(6);
    await expect
      .poll(() => card.getByTestId('position-pnl').innerText(), { timeout: 30_000, interval: 250 })
      .not.toBe(shown);
    await card.scrollIntoViewIfNeeded();
    await noGarbage(page);
    await screenshot(page, `contract-position-live-${lang}`);
    await api(user.userToken, '/coin/contract/order/liquidate/all');
    await page.getByTestId('empty-state').waitFor({ timeout: 15_000 });
    for (const route of [
      '/pages/exchange/cryptoTransfer',
      '/pages/fundsDetail/cryptoFundsDetail',
      '/pages/coin/assetsRecord',
    ]) {
      await page.goto(`${base}${route}`);
      await screen(page, route);
      await settled(page);
      await noGarbage(page);
      await screenshot(page, `contract${route.replaceAll('/', '-')}-${lang}`);
    }
    // The funds detail lists the transfer and the operator's funding.
    await page.goto(`${base}/pages/fundsDetail/cryptoFundsDetail`);
    await page.getByTestId('tx-line').first().waitFor();
    expect(await page.locator('[data-reason="transfer"]').count()).toBeGreaterThan(0);
  });
});
