import {
  optionApplyAnswerSchema,
  optionApplyRequestSchema,
  optionListRequestSchema,
  optionPositionPageSchema,
  optionRuleRequestSchema,
  optionRuleSchema,
  optionStatisticsSchema,
} from '../../domain/protocol/options';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route';
import { buyOption, closeOption } from '../options/apply';
import { quoteOption } from '../options/quote';
import { listPositions, optionStatistics } from '../options/reads';
import { optionRule } from '../options/terms';

/**
 * Stock options (DECISIONS §3): cash-settled European calls and puts. The rules are
 * public (a guest may look at a stock's options); buying, closing and the positions are the
 * signed-in account's.
 */
export const optionRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/stock/index/option/rule',
    summary:
      "A stock's options: strikes around the price, expiries on the market calendar, volatility, rate, multiplier, fee and limits",
    tag: 'options',
    auth: 'none',
    input: optionRuleRequestSchema,
    output: optionRuleSchema,
    handler: async ({ db, market, trading, input }) =>
      optionRule(db, market, input.symbol, trading.clock.now()),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/order/option/apply',
    summary:
      'Quote, buy (premium + fee from the stock account) or close early (the model price less the spread) an option; a quote is honoured exactly for a few seconds',
    tag: 'options',
    auth: 'user',
    input: optionApplyRequestSchema,
    idempotent: true,
    output: optionApplyAnswerSchema,
    handler: async ({ db, market, session, trading, input }) => {
      const now = trading.clock.now();
      if (input.action === 'quote') return quoteOption(db, market, session, input, now);
      return input.action === 'buy'
        ? buyOption(db, market, session, input, now)
        : closeOption(db, market, session, input, now);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/order/option/list',
    summary:
      "The account's option positions, newest first: open, expired (settled) and closed early, with P&L",
    tag: 'options',
    auth: 'user',
    input: optionListRequestSchema,
    output: optionPositionPageSchema,
    handler: async ({ db, market, session, input }) => listPositions(db, market, session, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/order/option/statistics',
    summary: "The account's option totals from the ledger: premiums, fees, payoffs, P&L, wins and losses",
    tag: 'options',
    auth: 'user',
    input: z.object({}),
    output: optionStatisticsSchema,
    handler: async ({ db, session }) => optionStatistics(db, session),
  }),
];
