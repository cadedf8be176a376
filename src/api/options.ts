import type { Page } from '../../domain/protocol/envelope';
import {
  optionPositionPageSchema,
  optionPositionSchema,
  optionQuoteSchema,
  optionRuleSchema,
  optionStatisticsSchema,
  type OptionApplyRequest,
  type OptionPosition,
  type OptionQuote,
  type OptionQuoteRequest,
  type OptionRule,
  type OptionStatistics,
  type OptionStatus,
} from '../../domain/protocol/options';
import { get, post, type RequestOptions } from './request';

/**
 * Stock options: the rules of one underlying (public) and the signed-in user's
 * positions. One function per endpoint; every answer is checked against the schema the server
 * answers with (domain/protocol/options.ts).
 */

/** GET /stock/index/option/rule: expiries, strikes, volatility, rate and fees of one stock. */
export function getOptionRule(symbol: string, options?: RequestOptions): Promise<OptionRule> {
  return get('/stock/index/option/rule', { symbol }, optionRuleSchema, options);
}

/**
 * POST /stock/order/option/apply: buy, or close a position early; the answer is the position.
 * `request.requestId` (optional): one per intent, resent with a retry (src/api/request-id.ts).
 */
export function applyOption(
  request: Exclude<OptionApplyRequest, { action: 'quote' }>,
  options?: RequestOptions,
): Promise<OptionPosition> {
  return post('/stock/order/option/apply', { ...request }, optionPositionSchema, options);
}

/**
 * POST /stock/order/option/apply `action: 'quote'`: the figures the broker honours, exactly, if
 * the buy or close names the quote's id before its `validUntil`.
 */
export function quoteOption(request: OptionQuoteRequest, options?: RequestOptions): Promise<OptionQuote> {
  return post('/stock/order/option/apply', { action: 'quote', ...request }, optionQuoteSchema, options);
}

/** GET /stock/order/option/list: the active account's positions, newest first. */
export function listOptionPositions(
  query: { page?: number; size?: number; status?: OptionStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<OptionPosition>> {
  return get('/stock/order/option/list', { page: 1, size: 50, ...query }, optionPositionPageSchema, options);
}

/** GET /stock/order/option/statistics: totals summed from the ledger. */
export function getOptionStatistics(options?: RequestOptions): Promise<OptionStatistics> {
  return get('/stock/order/option/statistics', {}, optionStatisticsSchema, options);
}
