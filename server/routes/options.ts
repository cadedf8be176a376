import { optionEndpoints } from '../../domain/protocol/endpoints/options';
import { implementAll } from '../http/route';
import { buyOption, closeOption } from '../options/apply';
import { quoteOption } from '../options/quote';
import { listPositions, optionStatistics } from '../options/reads';
import { optionRule } from '../options/terms';

/**
 * Stock options (DECISIONS §3): cash-settled European calls and puts. The rules are
 * public (a guest may look at a stock's options); buying, closing and the positions are the
 * signed-in account's.
 */
export const optionRoutes = implementAll(optionEndpoints, 'options', {
  rule: {
    summary:
      "A stock's options: strikes around the price, expiries on the market calendar, volatility, rate, multiplier, fee and limits",
    handler: async ({ db, market, trading, input }) =>
      optionRule(db, market, input.symbol, trading.clock.now()),
  },
  apply: {
    summary:
      'Quote, buy (premium + fee from the stock account) or close early (the model price less the spread) an option; a quote is honoured exactly for a few seconds',
    handler: async ({ db, market, session, trading, input }) => {
      const now = trading.clock.now();
      if (input.action === 'quote') return quoteOption(db, market, session, input, now);
      return input.action === 'buy'
        ? buyOption(db, market, session, input, now)
        : closeOption(db, market, session, input, now);
    },
  },
  positions: {
    summary:
      "The account's option positions, newest first: open, expired (settled) and closed early, with P&L",
    handler: async ({ db, market, session, input }) => listPositions(db, market, session, input),
  },
  statistics: {
    summary: "The account's option totals from the ledger: premiums, fees, payoffs, P&L, wins and losses",
    handler: async ({ db, session }) => optionStatistics(db, session),
  },
});
