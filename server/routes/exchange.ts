import { exchangeEndpoints } from '../../domain/protocol/endpoints/exchange';
import { implementAll } from '../http/route';

export const exchangeRoutes = implementAll(exchangeEndpoints, 'funding', {
  exchange: {
    summary:
      'Currency exchange: without quoteId a quote from the live book (valid a few seconds); with quoteId and the trade password, books exactly that quote once',
    handler: ({ trading, session, input }) => trading.exchange.exchange(session, input),
  },
});
