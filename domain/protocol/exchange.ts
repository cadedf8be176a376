import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, text } from '../validation/fields';
import { dec, ms } from './wire-kinds';

/**
 * Currency exchange on the wire (funding.ts says how money, ids and times are written).
 */

/**
 * A conversion, in two steps. Without `quoteId`: a quote for converting `amount` of `from`
 * into `to` (TRY ↔ USDT between the stock and currency wallets, or coin ↔ coin in the currency
 * wallet) at the live book's price, valid until `expiresAt`. With `quoteId` and the trade
 * password: executes exactly that quote, or refuses QUOTE_EXPIRED — a changed rate is never
 * applied silently.
 */
export const exchangeRequestSchema = z.object({
  from: text({ max: 20 }),
  to: text({ max: 20 }),
  amount: decimal(),
  quoteId: text({ max: 64 }).optional(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export type ExchangeRequest = z.input<typeof exchangeRequestSchema>;
export const exchangeQuoteSchema = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  fromWallet: z.enum(['stock', 'coin']),
  toWallet: z.enum(['stock', 'coin']),
  amount: dec,
  /** Units of `to` per unit of `from`, the spread included. */
  rate: dec,
  /** The book's mid rate, so the spread is visible. */
  midRate: dec,
  /** Spread as a fraction of the mid rate. */
  spread: dec,
  /** The fee, in `to`. */
  fee: dec,
  feeRate: dec,
  /** What the user gets: amount × rate − fee, truncated to the currency's decimals. */
  receive: dec,
  expiresAt: ms,
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;
export const exchangeAnswerSchema = z.discriminatedUnion('executed', [
  z.object({ executed: z.literal(false), quote: exchangeQuoteSchema }),
  z.object({ executed: z.literal(true), quote: exchangeQuoteSchema, transactionId: z.string() }),
]);
export type ExchangeAnswer = z.infer<typeof exchangeAnswerSchema>;
