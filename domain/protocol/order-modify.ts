import { z } from 'zod';
import { decimal, rowId } from '../validation/fields';
import { withRequestId } from './request-id';

/**
 * Changing a resting order in place (POST /stock|coin/order/modify, …/order/conditional/modify):
 * the chart's dragged lines and the orders list. Shape only: the new price is checked as a new
 * order's (tick, band), the hold re-taken and the queue turn decided on the broker.
 */

/**
 * A resting limit order's new limit price and/or its new whole quantity (its filled part
 * included); what is left out stays. The answer is orderResultSchema: the order as it now is,
 * with the fills of a new price that crossed the book.
 */
export const orderModifySchema = z.object({
  id: rowId,
  price: decimal().optional(),
  quantity: decimal().optional(),
  /** Needed only when the user turned on "confirm orders with trade password", as for a new order. */
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export type OrderModifyRequest = z.input<typeof orderModifySchema>;

/**
 * A waiting conditional order's new level: `trigger` for a stop, stop-limit or take-profit,
 * `limit` for the order a stop-limit or take-profit places, `trailValue` for a trailing stop
 * (its offset, in the order's own `trailBy`; the best price so far stays). The answer is the
 * group's legs as they now are (conditionalAddAnswerSchema).
 */
export const conditionalModifySchema = z.object({
  id: rowId,
  trigger: decimal().optional(),
  limit: decimal().optional(),
  trailValue: decimal().optional(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export type ConditionalModifyRequest = z.input<typeof conditionalModifySchema>;
