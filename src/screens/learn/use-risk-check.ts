import { useCallback, useEffect, useState } from 'react';
import { riskCheckEndpoints } from '../../../domain/protocol/endpoints/learn';
import type {
  RiskCheckRound,
  RiskCheckStartRequest,
  RiskCheckVerdict,
  RiskQuestion,
} from '../../../domain/protocol/learn';
import { call } from '../../api/call';

export type CheckState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | {
      status: 'ready';
      round: RiskCheckRound;
      /** The question on screen, and the ones still to answer after it. */
      open: RiskQuestion[];
      /** The last answer's verdict, shown until the next question is asked. */
      verdict: RiskCheckVerdict | null;
      /** What the verdict was about (the question answered). */
      answered: RiskQuestion | null;
      passed: boolean;
    };

/**
 * One round of the risk check: started on the position the ticket was about to open, answered one
 * question at a time. The answers stay on the broker; a wrong one brings the same question on
 * other numbers, asked straight away.
 */
export function useRiskCheck(start: RiskCheckStartRequest | null) {
  const [state, setState] = useState<CheckState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [answerError, setAnswerError] = useState<unknown>(null);
  // The position's terms are the round's identity: new terms, a new round.
  const terms = start ? JSON.stringify(start) : '';

  const begin = useCallback(async () => {
    if (terms === '') return;
    setState({ status: 'loading' });
    try {
      const round = await call(riskCheckEndpoints.start, JSON.parse(terms) as RiskCheckStartRequest, {
        silent: true,
      });
      setState({
        status: 'ready',
        round,
        open: round.questions,
        verdict: null,
        answered: null,
        passed: false,
      });
    } catch (error) {
      setState({ status: 'failed', error });
    }
  }, [terms]);

  useEffect(() => void begin(), [begin]);

  async function answer(choice: 'a' | 'b' | 'c' | 'd') {
    if (state.status !== 'ready' || busy) return;
    const [q, ...rest] = state.open;
    if (!q) return;
    setBusy(true);
    setAnswerError(null);
    try {
      const verdict = await call(
        riskCheckEndpoints.answer,
        { id: state.round.id, question: q.id, choice },
        { silent: true },
      );
      setState({
        ...state,
        open: verdict.next ? [verdict.next, ...rest] : rest,
        verdict,
        answered: q,
        passed: verdict.passed,
      });
    } catch (error) {
      setAnswerError(error);
    } finally {
      setBusy(false);
    }
  }

  const next = () => state.status === 'ready' && setState({ ...state, verdict: null, answered: null });
  return { state, busy, answerError, answer, next, retry: begin };
}
