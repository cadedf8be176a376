import { exchangeEndpoints } from '../../domain/protocol/endpoints/exchange';
import type { ExchangeAnswer } from '../../domain/protocol/funding';
import { type RequestOptions } from './request';
import { call } from './call';

export type ExchangeTerms = { from: string; to: string; amount: string };

/** POST /user/exchange without a quote id: the live quote for these terms (nothing moves). */
export function requestQuote(terms: ExchangeTerms, options?: RequestOptions): Promise<ExchangeAnswer> {
  return call(exchangeEndpoints.exchange, terms, options);
}

/**
 * POST /user/exchange with the quote id and the trade password: books exactly that quote, once.
 * `requestId`: one per conversion the user means, resent with a retry (src/api/request-id.ts).
 */
export function executeQuote(
  terms: ExchangeTerms & { quoteId: string; tradePassword: string; requestId?: string },
  options?: RequestOptions,
): Promise<ExchangeAnswer> {
  return call(exchangeEndpoints.exchange, terms, options);
}
