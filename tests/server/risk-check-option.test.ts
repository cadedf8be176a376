import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { RiskCheckRound, RiskCheckVerdict, RiskQuestion } from '../../domain/protocol/learn';
import type { OptionPosition } from '../../domain/protocol/options';
import { riskChecks } from '../../server/db/schema/learn';
import { optionPositions } from '../../server/db/schema/options';
import { dbTargets } from '../support/server';
import { api } from './spot-support';
import { holder, MONDAY_CLOSE, optionWorld } from './options-support';

/**
 * The check before the first option: 2 calls K 100 on THYAO at 100.00, σ 30 %, expiring Monday
 * 18:00 (six hours): the model premium 0.3128 a share (options-flow.test.ts works it out), so the
 * most a buyer loses is 0.3128 × 100 × 2 = 62.56 + the minimum fee 1 = 63.56; the call breaks even
 * at 100.3128; at 110.00 on expiry it is paid (110 − 100) × 100 × 2 = 2000.
 */
const START = {
  kind: 'option',
  symbol: 'THYAO',
  optionKind: 'call',
  strike: '100',
  expiresAt: String(MONDAY_CLOSE),
  contracts: '2',
};

describe.each(dbTargets())('the risk check before options on %s', (target) => {
  const t = sharedWorld(
    () => optionWorld(target),
    async (world) => {
      const call = api(world as never);
      const u = await holder(world.db, '10000');
      await world.db.delete(riskChecks).where(eq(riskChecks.userId, u.userId));
      return { call, u };
    },
  );

  const buy = () =>
    t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, {
      action: 'buy',
      symbol: 'THYAO',
      kind: 'call',
      strike: '100',
      expiresAt: String(MONDAY_CLOSE),
      contracts: '2',
      premium: '0.3128',
    });
  const choiceOf = (q: RiskQuestion | undefined, value: string | null, tag = 'amount') => {
    const found = q?.choices.find((c) => c.value === value && c.tag === tag);
    if (!found) throw new Error(`no ${tag} ${value} in ${JSON.stringify(q)}`);
    return found.id;
  };

  it('refuses a purchase before the check, booking nothing', async () => {
    const refused = await buy();
    expect(refused).toMatchObject({ code: -1001, key: 'RISK_CHECK_REQUIRED' });
    const rows = await t.world.db
      .select()
      .from(optionPositions)
      .where(eq(optionPositions.userId, t.u.userId));
    expect(rows).toEqual([]);
  });

  it('asks the most a buyer loses, the break-even and the payoff: wrong, then right, then passed', async () => {
    const round = ok(await t.call.post<RiskCheckRound>('/user/risk-check/start', t.u.token, START));
    const [maxLoss, even, payoff] = round.questions;
    expect(round.questions.map((q) => q.topic)).toEqual(['maxLoss', 'breakeven', 'payoff']);
    expect(maxLoss?.facts).toMatchObject({
      premium: '0.3128',
      multiplier: '100',
      contracts: '2',
      spot: '100.00',
    });
    const answer = (question: string, choice: string) =>
      t.call.post<RiskCheckVerdict>('/user/risk-check/answer', t.u.token, { id: round.id, question, choice });

    // "Unlimited" is the seller's answer, not the buyer's.
    const wrong = ok(await answer(maxLoss?.id ?? '', choiceOf(maxLoss, null, 'unlimited')));
    expect(wrong).toMatchObject({ correct: false, answer: choiceOf(maxLoss, '63.56'), passed: false });
    expect(wrong.explain).toMatchObject({ total: '62.56', fee: '1', cost: '63.56' });
    const again = wrong.next;
    if (!again) throw new Error('asked again');
    // Other numbers: the contracts and the premium it states; the answer from them by hand.
    const premium = new Decimal(again.facts.premium ?? '0');
    const contracts = new Decimal(again.facts.contracts ?? '0');
    expect(premium.eq('0.3128') && contracts.eq(2)).toBe(false);
    const total = premium.mul(100).mul(contracts).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const fee = Decimal.max(total.mul('0.003').toDecimalPlaces(2, Decimal.ROUND_DOWN), 1);
    expect(ok(await answer(again.id, choiceOf(again, total.plus(fee).toFixed())))).toMatchObject({
      correct: true,
    });
    expect(ok(await answer(even?.id ?? '', choiceOf(even, '100.3128'))).correct).toBe(true);
    expect(payoff?.facts.settle).toBe('110');
    const done = ok(await answer(payoff?.id ?? '', choiceOf(payoff, '2000')));
    expect(done).toMatchObject({ correct: true, passed: true, remaining: 0 });
  });

  it('buys once passed', async () => {
    const bought = await buy();
    expect(bought.code).toBe(0);
    expect(bought.data).toMatchObject({ kind: 'call', contracts: '2' });
  });
});

function ok<T>(envelope: { code: number; data: T }): T {
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ code: 0 });
  return envelope.data;
}
