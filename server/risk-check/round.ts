import type { RiskCheckRound, RiskCheckVerdict } from '../../domain/protocol/learn';
import { leverageQuestions, leverageRetry, type LeverageCase } from '../../domain/risk-check/leverage';
import { optionQuestions, optionRetry, type OptionCase } from '../../domain/risk-check/option';
import { publicQuestion, type KeyedQuestion, type Random } from '../../domain/risk-check/question';
import type { RiskCheckStartRequest } from '../../domain/protocol/learn';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { leverageCase, optionCase } from './cases';
import { hasPassed, insertRound, lockRound, pruneRounds, saveRound, type StoredRound } from './store';

type StartInput = Omit<Extract<RiskCheckStartRequest, { kind: 'leverage' }>, 'leverage'> & {
  leverage: number;
};
type OptionStart = Omit<Extract<RiskCheckStartRequest, { kind: 'option' }>, 'expiresAt' | 'contracts'> & {
  expiresAt: number;
  contracts: number;
};

/**
 * Starts a round on the position the user is about to open: three questions, their answers kept
 * on the server. A user who passed may take it again; the answer says they have.
 */
export async function startRound(
  db: Db,
  market: MarketSource,
  session: Session,
  input: StartInput | OptionStart,
  now: number,
  random: Random,
): Promise<RiskCheckRound> {
  const ids = ['q1', 'q2', 'q3'];
  let round: StoredRound;
  if (input.kind === 'leverage') {
    const { basis, leverages } = await leverageCase(db, market, input);
    const open = leverageQuestions(basis, random, ids);
    if (!open) throw new ApiError('RISK_CHECK_NO_POSITION');
    round = { basis, leverages, open, issued: ids.length };
  } else {
    const basis = await optionCase(db, market, input, now);
    round = { basis, leverages: [], open: optionQuestions(basis, random, ids), issued: ids.length };
  }
  await pruneRounds(db, session.userId, input.kind);
  const id = await insertRound(db, session.userId, input.kind, round, now);
  return {
    id: String(id),
    kind: input.kind,
    passed: await hasPassed(db, session.userId, input.kind),
    questions: round.open.map(publicQuestion),
  };
}

/** The same topic on other numbers (the case the round was built on, varied). */
function retryOf(
  kind: 'leverage' | 'option',
  round: StoredRound,
  q: KeyedQuestion,
  id: string,
  random: Random,
) {
  if (kind === 'leverage') {
    const topic = q.topic === 'liquidation' || q.topic === 'drop10' ? q.topic : 'funding';
    return leverageRetry(topic, id, round.basis as LeverageCase, round.leverages, random);
  }
  const topic = q.topic === 'maxLoss' || q.topic === 'breakeven' ? q.topic : 'payoff';
  return optionRetry(topic, id, round.basis as OptionCase, random);
}

/**
 * Takes one answer: right, the question is done; wrong, it is explained (the right choice and its
 * figures) and replaced by the same topic on other numbers. Every question answered right passes
 * the check for good. The round is locked, so two answers at once count once.
 */
export async function answerRound(
  db: Db,
  session: Session,
  input: { id: bigint; question: string; choice: string },
  now: number,
  random: Random,
): Promise<RiskCheckVerdict> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, session.userId, input.id);
    if (!row || row.passedAt !== null) throw new ApiError('RISK_CHECK_NOT_FOUND');
    const { round } = row;
    const at = round.open.findIndex((q) => q.id === input.question);
    const q = round.open[at];
    if (!q) throw new ApiError('RISK_CHECK_QUESTION_UNKNOWN');
    const correct = q.answer === input.choice;
    let next: KeyedQuestion | null = null;
    if (correct) round.open.splice(at, 1);
    else {
      next = retryOf(row.kind, round, q, `q${round.issued + 1}`, random) ?? {
        ...q,
        id: `q${round.issued + 1}`,
      };
      round.issued += 1;
      round.open.splice(at, 1, next);
    }
    const passed = round.open.length === 0;
    await saveRound(tx, row.id, round, !correct, passed ? now : null);
    return {
      correct,
      answer: q.answer,
      topic: q.topic,
      explain: q.explain,
      next: next ? publicQuestion(next) : null,
      remaining: round.open.length,
      passed,
    };
  });
}
