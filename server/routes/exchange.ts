import { exchangeEndpoints } from '../../domain/protocol/endpoints/exchange';
import { implement, type RouteDef } from '../http/route';

export const exchangeRoutes: RouteDef[] = [
  implement(exchangeEndpoints.exchange, {
    summary:
      'Currency exchange: without quoteId a quote from the live book (valid a few seconds); with quoteId and the trade password, books exactly that quote once',
    tag: 'funding',
    handler: ({ trading, session, input }) => trading.exchange.exchange(session, input),
  }),
];
