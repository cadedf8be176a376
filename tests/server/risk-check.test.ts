import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { RiskCheckRound, RiskCheckVerdict } from '../../domain/protocol/learn';
import { riskChecks } from '../../server/db/schema/learn';
import { rightLeverageChoice } from '../support/risk-check';
import { dbTargets } from '../support/server';
import { contractWorld, ok, SYMBOL } from './contract-support';

/**
 * The check before leverage above 5× on BTCUSDT at a mark of 50,000.00 with the default contract
 * rules (taker 0.05 %, liquidation fee 0.5 %, 0.5 % maintenance up to 50,000 USDT of notional):
 * a 10× long on 100 USDT is 0.02 BTC, liquidated at (1000 − 100) ÷ (0.02 × 0.9895) = 45,477.51;
 * a 10 % fall takes the whole margin (liquidated); funding at the usual 0.01 % costs
 * 0.02 × 50,000 × 0.0001 × 3 = 0.3 USDT a day. A retry's numbers are drawn by the server, so its
 * answer is worked out here from the facts it states, by the same formulas written out again.
 */
const START = { kind: 'leverage', symbol: SYMBOL, side: 'long', leverage: '10', margin: '100' };

const rightChoice = rightLeverageChoice;

describe.each(dbTargets())('the risk check before leverage on %s', (target) => {
  const t = sharedWorld(
    () => contractWorld(target),
    async (world) => {
      const user = await world.trader('1000');
      // This user has not passed the check (the support's users have).
      await world.db.delete(riskChecks).where(eq(riskChecks.userId, user.id));
      return { user };
    },
  );

  const open = (leverage: string) =>
    t.world.call('/coin/contract/order/add', t.user.real, {
      symbol: SYMBOL,
      side: 'long',
      leverage,
      margin: '100',
      acceptRisk: '1',
    });

  it('refuses a 10× opening before the check, changing nothing; 5× stays open', async () => {
    const before = await t.world.counts();
    const refused = await open('10');
    expect(refused).toMatchObject({ code: -1001, key: 'RISK_CHECK_REQUIRED' });
    expect(refused.msg).toContain('risk check');
    expect(await t.world.counts()).toEqual(before);
    expect((await open('5')).code).toBe(0);
    const tr = await t.world.call(
      '/coin/contract/order/add',
      t.user.real,
      { symbol: SYMBOL, side: 'long', leverage: '20', margin: '10' },
      { 'Accept-Language': 'tr-TR' },
    );
    expect(tr).toMatchObject({ key: 'RISK_CHECK_REQUIRED' });
    expect(tr.msg).toContain('risk testini');
  });

  it('asks three questions on the position, without their answers', async () => {
    const res = await t.world.call('/user/risk-check/start', t.user.real, START);
    const round = ok<RiskCheckRound>(res);
    expect(round).toMatchObject({ kind: 'leverage', passed: false });
    expect(round.questions.map((q) => q.topic)).toEqual(['liquidation', 'drop10', 'funding']);
    expect(JSON.stringify(res)).not.toMatch(/"answer"|"explain"/);
    const [liq, drop, funding] = round.questions;
    expect(liq?.facts).toMatchObject({ qty: '0.02', margin: '100', entry: '50000', leverage: '10' });
    expect(liq?.choices.map((c) => c.value)).toContain('45477.51');
    expect(drop?.choices.some((c) => c.tag === 'liquidated')).toBe(true);
    expect(funding?.choices.map((c) => c.value)).toContain('0.3');
  });

  it('answered wrong then right: explained, asked again on other numbers, then passed', async () => {
    const round = ok<RiskCheckRound>(await t.world.call('/user/risk-check/start', t.user.real, START));
    const answer = (question: string, choice: string) =>
      t.world.call('/user/risk-check/answer', t.user.real, { id: round.id, question, choice });
    const [liq, drop, funding] = round.questions;
    if (!liq || !drop || !funding) throw new Error('three questions');

    // Wrong: the naive 45,000 (a whole margin's move, no maintenance, no fees).
    const naive = liq.choices.find((c) => c.value === '45000');
    const wrong = ok<RiskCheckVerdict>(await answer(liq.id, naive?.id ?? 'a'));
    expect(wrong).toMatchObject({ correct: false, topic: 'liquidation', remaining: 3, passed: false });
    expect(wrong.answer).toBe(rightChoice(liq));
    expect(wrong.explain.liquidation).toBe('45477.51');
    const again = wrong.next;
    if (!again) throw new Error('a question on other numbers');
    expect(again).toMatchObject({ topic: 'liquidation', id: 'q4' });
    expect(again.facts.entry).not.toBe('50000');

    // The old question is gone; the new one, answered right.
    expect((await answer(liq.id, rightChoice(liq))).key).toBe('RISK_CHECK_QUESTION_UNKNOWN');
    expect(ok<RiskCheckVerdict>(await answer(again.id, rightChoice(again)))).toMatchObject({
      correct: true,
      remaining: 2,
    });
    expect(ok<RiskCheckVerdict>(await answer(drop.id, rightChoice(drop)))).toMatchObject({ remaining: 1 });
    // Still refused with one question open.
    expect((await open('10')).key).toBe('RISK_CHECK_REQUIRED');
    const last = ok<RiskCheckVerdict>(await answer(funding.id, rightChoice(funding)));
    expect(last).toMatchObject({ correct: true, remaining: 0, passed: true });
    // A passed round takes no more answers.
    expect((await answer(funding.id, 'a')).key).toBe('RISK_CHECK_NOT_FOUND');
  });

  it('allows 10× after passing; a new round says it was passed', async () => {
    const opened = await open('10');
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({ leverage: 10, status: 'open' });
    expect(ok<RiskCheckRound>(await t.world.call('/user/risk-check/start', t.user.real, START)).passed).toBe(
      true,
    );
  });

  it("refuses another user's round, a check at 5× and a margin that opens nothing", async () => {
    const other = await t.world.trader('0');
    const round = ok<RiskCheckRound>(await t.world.call('/user/risk-check/start', t.user.real, START));
    const theirs = await t.world.call('/user/risk-check/answer', other.real, {
      id: round.id,
      question: 'q1',
      choice: 'a',
    });
    expect(theirs.key).toBe('RISK_CHECK_NOT_FOUND');
    expect((await t.world.call('/user/risk-check/start', t.user.real, { ...START, leverage: '5' })).key).toBe(
      'RISK_CHECK_NOT_NEEDED',
    );
    expect(
      (await t.world.call('/user/risk-check/start', t.user.real, { ...START, margin: '0.0001' })).key,
    ).toBe('RISK_CHECK_NO_POSITION');
    expect((await t.world.call('/user/risk-check/start', t.user.real, { ...START, leverage: '7' })).key).toBe(
      'LEVERAGE_NOT_ALLOWED',
    );
    expect(
      (
        await t.world.call('/user/risk-check/answer', t.user.real, {
          id: round.id,
          question: 'q1',
          choice: 'e',
        })
      ).key,
    ).toBe('FIELD_INVALID');
  });
});
