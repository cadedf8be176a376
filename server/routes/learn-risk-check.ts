import { riskCheckEndpoints } from '../../domain/protocol/endpoints/learn';
import { implementAll } from '../http/route';
import { answerRound, startRound } from '../risk-check/round';

/**
 * The risk check before leverage above 5× and before the first option: questions on the position
 * about to be opened, answered one at a time; the answers stay on the server until answered.
 */
export const riskCheckRoutes = implementAll(riskCheckEndpoints, 'learn', {
  start: {
    summary:
      'Starts a risk check on the contract or option about to be opened: three multiple-choice questions built from it',
    handler: ({ db, market, session, trading, input }) =>
      startRound(db, market, session, input, trading.clock.now(), Math.random),
  },
  answer: {
    summary:
      'Answers one question: right, it is done; wrong, explained and asked again on other numbers; all right passes',
    handler: ({ db, session, trading, input }) =>
      answerRound(db, session, input, trading.clock.now(), Math.random),
  },
});
