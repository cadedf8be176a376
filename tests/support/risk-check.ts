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
