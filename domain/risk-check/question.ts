import Decimal from 'decimal.js';

/** What the check is before: a contract above 5× leverage, or the first option purchase. */
export const RISK_CHECK_KINDS = ['leverage', 'option'] as const;
export type RiskCheckKind = (typeof RISK_CHECK_KINDS)[number];

/** The leverage above which a contract needs the check passed (5× and below stay open). */
export const RISK_CHECK_FREE_LEVERAGE = 5;

export const QUESTION_TOPICS = [
  'liquidation',
  'drop10',
  'funding',
  'maxLoss',
  'breakeven',
  'payoff',
] as const;
export type QuestionTopic = (typeof QUESTION_TOPICS)[number];

/**
 * One choice: a figure (`value`, a decimal string in the question's unit), or one of the answers
 * that are not a figure (the position is liquidated; the loss has no limit).
 */
export type Choice = { id: string; value: string | null; tag: 'amount' | 'liquidated' | 'unlimited' };

/**
 * A question as the client sees it: the topic says what is asked, `facts` the position's figures
 * the question states (decimal strings), `unit` the currency or 'price'. The answer is not here.
 */
export type Question = {
  id: string;
  topic: QuestionTopic;
  unit: string;
  facts: Record<string, string>;
  choices: Choice[];
};

/** A question with its answer and the figures its explanation shows: kept on the server. */
export type KeyedQuestion = Question & { answer: string; explain: Record<string, string> };

/** A uniform number in [0, 1): Math.random on the server, a seeded one in tests. */
export type Random = () => number;

const IDS = ['a', 'b', 'c', 'd'];

/**
 * The choices in a random order, the right one first in `candidates`: figures equal once shown
 * at `scale` places are dropped (two choices that read the same would make the question unfair),
 * up to four kept. Answers the choices and the id of the right one.
 */
export function shuffleChoices(
  candidates: readonly Omit<Choice, 'id'>[],
  scale: number,
  random: Random,
): { choices: Choice[]; answer: string } {
  const seen = new Set<string>();
  const kept: Omit<Choice, 'id'>[] = [];
  for (const c of candidates) {
    const value = c.value === null ? null : new Decimal(c.value).toDecimalPlaces(scale).toFixed();
    const key = `${c.tag}:${value ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ ...c, value });
    if (kept.length === IDS.length) break;
  }
  const order = kept.map((c, i) => ({ c, i, r: random() })).sort((x, y) => x.r - y.r);
  const choices = order.map((o, n) => ({ id: IDS[n] ?? String(n), ...o.c }));
  const right = order.findIndex((o) => o.i === 0);
  return { choices, answer: choices[right]?.id ?? 'a' };
}

/** One of `items`, drawn with `random`. */
export function drawFrom<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('drawFrom an empty list');
  return item;
}

/** What the client is sent of a question: everything but its answer and explanation. */
export function publicQuestion(q: KeyedQuestion): Question {
  return { id: q.id, topic: q.topic, unit: q.unit, facts: q.facts, choices: q.choices };
}
