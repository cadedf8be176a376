import { optionApplyFacets } from '../../../domain/protocol/endpoints/options';
import type {
  OptionApplyRequest,
  OptionPosition,
  OptionQuote,
  OptionQuoteRequest,
} from '../../../domain/protocol/options';
import { call } from '../../api/call';
import type { RequestOptions } from '../../api/request';

/** Buys an option or closes a position (the trade password; a requestId per intent). */
export function applyOption(
  request: Exclude<OptionApplyRequest, { action: 'quote' }>,
  options?: RequestOptions,
): Promise<OptionPosition> {
  return call(optionApplyFacets.trade, request, options);
}

/** The live premium of these terms (nothing moves). */
export function quoteOption(request: OptionQuoteRequest, options?: RequestOptions): Promise<OptionQuote> {
  return call(optionApplyFacets.quote, { action: 'quote', ...request }, options);
}
