import { optionEndpoints } from '../../../domain/protocol/endpoints/options';
import {
  optionPositionSchema,
  optionQuoteSchema,
  type OptionApplyRequest,
  type OptionPosition,
  type OptionQuote,
  type OptionQuoteRequest,
} from '../../../domain/protocol/options';
import { post, type RequestOptions } from '../../api/request';

/**
 * POST /stock/order/option/apply answers a quote or a position by its `action`: each function
 * checks the answer its action gets, so callers need not tell the two apart.
 */

/** Buys an option or closes a position (the trade password; a requestId per intent). */
export function applyOption(
  request: Exclude<OptionApplyRequest, { action: 'quote' }>,
  options?: RequestOptions,
): Promise<OptionPosition> {
  return post(optionEndpoints.apply.path, { ...request }, optionPositionSchema, options);
}

/** The live premium of these terms (nothing moves). */
export function quoteOption(request: OptionQuoteRequest, options?: RequestOptions): Promise<OptionQuote> {
  return post(optionEndpoints.apply.path, { action: 'quote', ...request }, optionQuoteSchema, options);
}
