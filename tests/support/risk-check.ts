import Decimal from 'decimal.js';
import type { RiskCheckRound, RiskCheckVerdict, RiskQuestion } from '../../domain/protocol/learn';
import { callApi } from './browser-session';

/** Answers the most a round may take before the helper gives up (each right answer is 1 in 3 or 4). */
const MOST_ANSWERS = 200;

/**
 * Passes a risk check over the API the way a user who guesses would: one choice after another,
 * each wrong answer bringing the same topic on other numbers, until every question is answered
 * right. For browser journeys about something else (opening at 10×, buying an option): the check
 * itself is tested with its answers worked out (tests/server/risk-check*.test.ts).
 */
export async function passRiskCheckByGuessing(
  base: string,
  token: string,
  start: Record<string, string>,
): Promise<number> {
  const round = (await callApi(base, token, '/user/risk-check/start', start)) as RiskCheckRound;
  const open: RiskQuestion[] = [...round.questions];
  for (let answers = 1; answers <= MOST_ANSWERS; answers++) {
    const q = open.shift();
    if (!q) return answers - 1;
    const choice = q.choices[answers % q.choices.length]?.id ?? 'a';
    const verdict = (await callApi(base, token, '/user/risk-check/answer', {
      id: round.id,
      question: q.id,
      choice,
    })) as RiskCheckVerdict;
    if (verdict.passed) return answers;
    if (verdict.next) open.push(verdict.next);
  }
  throw new Error(`risk check not passed in ${MOST_ANSWERS} answers`);
}

/** The check before options, on the first strike and expiry the rules offer for `symbol`. */
export async function passOptionCheck(base: string, token: string, symbol: string): Promise<number> {
  const rule = (await callApi(base, token, '/stock/index/option/rule', { symbol }, 'GET')) as {
    strikes: string[];
    expiries: { expiresAt: number }[];
  };
  const strike = rule.strikes[Math.floor(rule.strikes.length / 2)] ?? '';
  const expiresAt = String(rule.expiries[0]?.expiresAt ?? 0);
  return passRiskCheckByGuessing(base, token, {
    kind: 'option',
    symbol,
    optionKind: 'call',
    strike,
    expiresAt,
    contracts: '1',
  });
}

/**
 * The right choice of a leverage question, worked from the facts it states (one 0.5 % tier, a
 * taker fee of 0.05 % and a liquidation fee of 0.5 %: the default contract rules at small
 * notionals), by the formulas written out again, not the broker's functions.
 */
export function rightLeverageChoice(q: RiskQuestion): string {
  const qty = new Decimal(q.facts.qty ?? '0');
  const entry = new Decimal(q.facts.entry ?? '0');
  const margin = new Decimal(q.facts.margin ?? '0');
  const long = q.facts.side === 'long';
  let want: { value: string | null; tag: string };
  if (q.topic === 'liquidation') {
    const price = long
      ? qty.mul(entry).minus(margin).div(qty.mul('0.9895'))
      : qty.mul(entry).plus(margin).div(qty.mul('1.0105'));
    want = { value: price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(), tag: 'amount' };
  } else if (q.topic === 'drop10') {
    const moved = entry.mul(long ? '0.9' : '1.1');
    const loss = qty.mul(entry).mul('0.1');
    const left = margin.minus(loss).minus(qty.mul(moved).mul('0.0105'));
    want = left.lte(0)
      ? { value: null, tag: 'liquidated' }
      : { value: loss.toDecimalPlaces(2).toFixed(), tag: 'amount' };
  } else {
    const once = qty
      .mul(entry)
      .mul(q.facts.rate ?? '0')
      .div(100)
      .toDecimalPlaces(8, Decimal.ROUND_DOWN);
    want = { value: once.mul(3).toDecimalPlaces(4).toFixed(), tag: 'amount' };
  }
  const choice = q.choices.find((c) => c.tag === want.tag && c.value === want.value);
  if (!choice) throw new Error(`no choice ${JSON.stringify(want)} in ${JSON.stringify(q)}`);
  return choice.id;
}
