import { z } from 'zod';
import { CONDITIONAL_KINDS } from '../conditional/trigger';
import { decimal, epochMs, oneOf, paging, text } from '../validation/fields';
import { SPOT_WALLETS } from './account';
import { pageOf } from './content';
import { withRequestId } from './request-id';
import { ORDER_SIDES } from './trading';
import { dec } from './wire-kinds';

/**
 * Conditional orders on the wire (/stock/order/conditional/*, /coin/order/conditional/*). Shape
 * only: the instrument's order rules and the trigger's own (domain/conditional) answer with keys.
 */

export const CONDITIONAL_STATES = ['pending', 'fired', 'refused', 'cancelled', 'expired'] as const;
export type ConditionalState = (typeof CONDITIONAL_STATES)[number];
/** What a trailing stop trails the best price by: a price amount or a percent of it. */
export const TRAIL_BY = ['amount', 'percent'] as const;

/**
 * POST …/conditional/add. `trigger` for every kind but a trailing stop (`trailBy` + `trailValue`);
 * `limit` places a limit order on firing (required by a stop-limit, optional for a take-profit).
 * `oco=1` adds a second leg (`ocoKind`, `ocoTrigger`, `ocoLimit`) of the same side and quantity.
 */
export const conditionalAddSchema = z.object({
  symbol: text({ max: 20 }),
  side: oneOf(ORDER_SIDES),
  kind: oneOf(CONDITIONAL_KINDS),
  quantity: decimal(),
  trigger: decimal().optional(),
  limit: decimal().optional(),
  trailBy: oneOf(TRAIL_BY).optional(),
  trailValue: decimal().optional(),
  oco: oneOf(['0', '1']).optional(),
  ocoKind: oneOf(['stop', 'stop_limit', 'take_profit']).optional(),
  ocoTrigger: decimal().optional(),
  ocoLimit: decimal().optional(),
  /** When an order that has not fired ends by itself (epoch ms); absent, it waits until cancelled. */
  expiresAt: epochMs.optional(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export type ConditionalAddRequest = z.input<typeof conditionalAddSchema>;

export const conditionalOrderSchema = z.object({
  id: z.string(),
  /** Both legs of a one-cancels-other pair share it; a single order's is its own id. */
  groupId: z.string(),
  wallet: z.enum(SPOT_WALLETS),
  symbol: z.string(),
  kind: z.enum(CONDITIONAL_KINDS),
  side: z.enum(ORDER_SIDES),
  quantity: dec,
  trigger: dec,
  limit: dec.nullable(),
  trailBy: z.enum(TRAIL_BY).nullable(),
  trailValue: dec.nullable(),
  /** A trailing stop's best price since placing. */
  best: dec.nullable(),
  /** Held for the order (cash for a buy, shares or coins for a sell); a pair's second leg holds nothing. */
  frozen: dec,
  state: z.enum(CONDITIONAL_STATES),
  /** refused: the error key the placed order met; cancelled: user or oco; expired. */
  reason: z.string().nullable(),
  /** A refusal's figures, for its key's text (the day's band, the balance short); null otherwise. */
  reasonParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** The trade that fired it. */
  fired: z.object({ price: dec, t: z.number().int(), tradeId: z.string() }).nullable(),
  placedOrderId: z.string().nullable(),
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ConditionalOrder = z.infer<typeof conditionalOrderSchema>;

export const conditionalAddAnswerSchema = z.object({ list: z.array(conditionalOrderSchema) });

/** POST …/conditional/list: waiting ones only, or all, newest first. */
export const conditionalListSchema = z.object({
  state: oneOf(['pending', 'all']).default('all'),
  ...paging,
});
export const conditionalPageSchema = pageOf(conditionalOrderSchema);

export const conditionalCancelAnswerSchema = z.object({ cancelled: z.array(conditionalOrderSchema) });

/**
 * The private `orders` channel's event for a conditional order whose state changed (fired,
 * refused at its trigger, expired, cancelled, the other leg of a pair ended): one per leg, after
 * the change committed. The spot order events of the same channel are ./trading.ts's OrdersEvent.
 */
export type ConditionalEvent = { kind: 'conditional'; order: ConditionalOrder };

/** The event's one reader: anything else on the channel (a spot order, a fill) is null, not a throw. */
export function parseConditionalEvent(data: unknown): ConditionalOrder | null {
  if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== 'conditional')
    return null;
  const parsed = conditionalOrderSchema.safeParse((data as { order?: unknown }).order);
  return parsed.success ? parsed.data : null;
}
