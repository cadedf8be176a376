import { exchangeAnswerSchema, exchangeRequestSchema } from '../../domain/protocol/funding';
import { defineRoute, type RouteDef } from '../http/route';

export const exchangeRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/user/exchange',
    summary:
      'Currency exchange: without quoteId a quote from the live book (valid a few seconds); with quoteId and the trade password, books exactly that quote once',
    tag: 'funding',
    auth: 'user',
    input: exchangeRequestSchema,
    // A booking's requestId (one per conversion the user means): a retry after a lost answer
    // gets the first answer instead of QUOTE_NOT_FOUND, which read as "nothing happened".
    idempotent: true,
    output: exchangeAnswerSchema,
    handler: ({ trading, session, input }) => trading.exchange.exchange(session, input),
  }),
];
