import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RiskCheckRound, RiskCheckVerdict, RiskQuestion } from '../../domain/protocol/learn';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';
import { rightLeverageChoice } from '../support/risk-check';

// The learner's screens in Chromium against the real broker: a 10× opening refused at the ticket
// with the way to the risk check, the check answered wrong then right, back to the ticket and
// opened; then the journal and the report of what was traded, in both languages and themes.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';

let user: CreatedUser;
let phone: Phone | undefined;

/** Signed in on the contract ticket in `theme`. */
const signIn = (page: Page, who: CreatedUser, lang: string, theme: 'light' | 'dark') =>
  signInAs(page, base, who, lang, { systemTradeType: 'contract', theme });

/** The round and verdicts the check screen was sent, read off the wire as they arrive. */
function watchCheck(page: Page) {
  const seen: { round: RiskCheckRound | null; verdicts: RiskCheckVerdict[] } = { round: null, verdicts: [] };
  page.on('response', (response) => {
    const url = response.url();
    if (!url.includes('/user/risk-check/')) return;
    void response.json().then((answer: { code: number; data: unknown }) => {
      if (answer.code !== 0) return;
      if (url.includes('/start')) seen.round = answer.data as RiskCheckRound;
      else seen.verdicts.push(answer.data as RiskCheckVerdict);
    });
  });
  return seen;
}

async function choose(page: Page, choice: string): Promise<void> {
  await page.getByTestId(`risk-choice-${choice}`).click();
  await page.getByTestId('risk-answer').click();
}

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(
    ['fund', user.userId, '1000', '--reason', 'learn journey', '--wallet', 'coin', '--currency', 'USDT'],
    cli,
  );
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  await callApi(base, user.userToken, '/coin/transfer', {
    from: 'coin',
    to: 'contract',
    amount: '500',
    tradePassword: PIN,
  });
});
afterAll(async () => {
  await phone?.close();
});

describe('the risk check from the contract ticket and back', () => {
  it('refuses 10× at the ticket with a link, asks on this position, explains a wrong answer, then opens', async () => {
    phone = await openPhone();
    const { page } = phone;
    const check = watchCheck(page);
    await signIn(page, user, 'tr-TR', 'dark');
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
    await page.getByTestId('ticket-open').click();
    await page.getByTestId('risk-sheet').waitFor();
    await page.getByTestId('risk-agree').check();
    await page.getByTestId('risk-accept').click();
    await page.getByTestId('contract-confirm-submit').click();
    // Refused: the broker's words and the way to the check on this very position.
    const link = page.getByTestId('risk-check-link');
    await link.waitFor();
    expect(await link.textContent()).toContain('risk testini');
    await screenshot(page, 'learn-ticket-refused-tr-TR');
    await page.getByTestId('risk-check-go').click();
    await screen(page, '/pages/user/riskCheck');
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toMatchObject({
      kind: 'leverage',
      symbol: 'BTCUSDT',
      side: 'long',
      leverage: '10',
      margin: '100',
      back: 'trade',
    });

    // Three questions; the first answered wrong on purpose.
    await page.getByTestId('risk-question-liquidation').waitFor();
    await expect.poll(() => check.round !== null).toBe(true);
    expect(await page.getByTestId('risk-position').textContent()).toContain('10×');
    await screenshot(page, 'learn-risk-question-tr-TR');
    const first = check.round?.questions[0] as RiskQuestion;
    const right = rightLeverageChoice(first);
    const wrong = first.choices.find((c) => c.id !== right)?.id ?? 'a';
    await choose(page, wrong);
    await page.getByTestId('risk-wrong').waitFor();
    await screenshot(page, 'learn-risk-wrong-tr-TR');
    await expect.poll(() => check.verdicts.length).toBe(1);
    const again = check.verdicts[0]?.next as RiskQuestion;
    expect(again.topic).toBe('liquidation');
    await page.getByTestId('risk-next').click();

    // The same topic on other numbers, then the other two: all right.
    const answerRight = async (q: RiskQuestion, n: number) => {
      await page.getByTestId(`risk-question-${q.topic}`).waitFor();
      await choose(page, rightLeverageChoice(q));
      await page.getByTestId('risk-right').waitFor();
      await expect.poll(() => check.verdicts.length).toBe(n);
    };
    await answerRight(again, 2);
    await page.getByTestId('risk-next').click();
    await answerRight(check.round?.questions[1] as RiskQuestion, 3);
    await page.getByTestId('risk-next').click();
    await answerRight(check.round?.questions[2] as RiskQuestion, 4);
    await page.getByTestId('risk-passed').waitFor();
    await screenshot(page, 'learn-risk-passed-tr-TR');

    // Back to the ticket: the same position now opens.
    await page.getByTestId('risk-back').click();
    await page.getByTestId('ticket-open').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="contract-last"]')?.textContent !== '--',
    );
    await page.getByTestId('leverage-10').click();
    await page.getByTestId('ticket-size').fill('100');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="ticket-liq"]')?.textContent !== '--',
    );
    await page.getByTestId('ticket-open').click();
    await page
      .getByTestId('risk-agree')
      .check()
      .catch(() => undefined);
    await page
      .getByTestId('risk-accept')
      .click()
      .catch(() => undefined);
    await page.getByTestId('contract-confirm-submit').click();
    await page.getByTestId('position').first().waitFor({ timeout: 15_000 });
  });
});

describe.each(['tr-TR', 'en-US'] as const)('the journal and the report in %s', (lang) => {
  beforeAll(async () => {
    // What there is to look at: the position closed, and a coin bought and sold.
    await callApi(base, user.userToken, '/coin/contract/order/liquidate/all');
    await callApi(base, user.userToken, '/coin/order/add', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.001',
    });
    await callApi(base, user.userToken, '/coin/order/add', {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.001',
    });
  });

  for (const theme of ['light', 'dark'] as const)
    it(`shows the closed trades and the report (${theme})`, async () => {
      await phone?.close();
      phone = await openPhone();
      const { page } = phone;
      await signIn(page, user, lang, theme);
      await page.goto(`${base}/pages/user/journal`);
      await screen(page, '/pages/user/journal');
      const trades = page.getByTestId('journal-trade');
      await trades.first().waitFor();
      expect(await trades.count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('[data-screen]').first().innerText()).not.toMatch(
        /\bNaN\b|undefined|\[object/,
      );
      await screenshot(page, `learn-journal-${lang}-${theme}`);

      // A note with tags, kept.
      await page.getByTestId('journal-edit').first().click();
      await page.getByTestId('journal-tags').fill('plan, patience');
      await page.getByTestId('journal-note').fill(lang === 'tr-TR' ? 'Planıma uydum.' : 'Stuck to the plan.');
      await page.getByTestId('journal-save').click();
      await page.getByTestId('journal-shown-note').first().waitFor();
      expect(await page.getByTestId('journal-shown-note').first().textContent()).toContain('patience');

      await page.getByTestId('journal-reports-link').click();
      await screen(page, '/pages/user/reports');
      await page.getByTestId('report-overall-USDT').waitFor();
      expect(await page.getByTestId('report-overall-USDT').textContent()).toContain(
        lang === 'tr-TR' ? 'Kazanma oranı' : 'Win rate',
      );
      await screenshot(page, `learn-reports-${lang}-${theme}`);
      await page.getByTestId('report-period-month').click();
      await page.getByTestId('report-calendar').waitFor();
      await page.getByTestId('report-calendar').scrollIntoViewIfNeeded();
      await screenshot(page, `learn-reports-calendar-${lang}-${theme}`);
    });

  it('asks the check on a position named in the link, in the light theme', async () => {
    await phone?.close();
    phone = await openPhone();
    const { page } = phone;
    await signIn(page, user, lang, 'light');
    const terms = 'kind=leverage&symbol=BTCUSDT&side=short&leverage=20&margin=50&back=trade';
    await page.goto(`${base}/pages/user/riskCheck?${terms}`);
    await page.getByTestId('risk-question-liquidation').waitFor();
    // Passed already (the ticket journey above): this round is practice, and says so.
    expect(await page.getByTestId('risk-position').textContent()).toContain('20×');
    await screenshot(page, `learn-risk-question-${lang}-light`);
    await page.getByTestId('risk-choice-a').click();
    await page.getByTestId('risk-answer').click();
    await page.getByTestId('risk-right').or(page.getByTestId('risk-wrong')).waitFor();
    await screenshot(page, `learn-risk-verdict-${lang}-light`);
  });

  it('says so when there is nothing yet, and when the list cannot be read', async () => {
    await phone?.close();
    phone = await openPhone();
    const { page } = phone;
    const fresh = (await operator(['create-user'], cli)) as CreatedUser;
    await signIn(page, fresh, lang, 'light');
    // Reached from the Mine tab.
    await page.goto(`${base}/pages/tabbar/mine`);
    await page.getByTestId('mine-row-journal').click();
    await screen(page, '/pages/user/journal');
    await page.getByTestId('empty-state').waitFor();
    await screenshot(page, `learn-journal-empty-${lang}`);
    await page.goto(`${base}/pages/user/riskCheck`);
    await page.getByTestId('risk-to-trade').waitFor();
    await screenshot(page, `learn-risk-missing-${lang}`);
    await page.route('**/user/report/summary', (route) => route.abort());
    await page.goto(`${base}/pages/user/reports`);
    await page
      .getByRole('button', { name: lang === 'tr-TR' ? /Tekrar/ : /Try again|Retry/ })
      .first()
      .waitFor();
    await screenshot(page, `learn-reports-error-${lang}`);
  });
});
