import { z } from 'zod';
import { CONDITIONAL_KINDS } from '../conditional/trigger';
import { MARKETS } from '../market/instrument';
import { decimal, epochMs, oneOf, rowId, symbolField } from '../validation/fields';
import { requestIdField } from './request-id';
import { ORDER_SIDES, spotFillSchema, spotOrderSchema } from './trading';
import { TRAIL_BY } from './conditional';
import { dec } from './wire-kinds';

/** The speeds a replay runs at: market time per real time. */
export const REPLAY_SPEEDS = ['1', '5', '20', '60'] as const;
/** Instruments one replay takes at most. */
export const REPLAY_SYMBOLS_MAX = 5;

/** A recorded session: an Istanbul day, its instruments, from when to when (market time). */
export const replaySessionSchema = z.object({
  day: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  symbols: z.array(z.string()),
});
export type ReplaySession = z.infer<typeof replaySessionSchema>;

export const replayListAnswerSchema = z.object({
  list: z.array(replaySessionSchema),
  /** The user's running replay, if any (one at a time). */
  running: z.string().nullable(),
});

/** POST /user/replay/start: a day, its instruments (comma-separated), where to start (default: the session's start). */
export const replayStartSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FIELD_INVALID' }),
  symbols: z
    .string()
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(200, { error: 'FIELD_TOO_LONG' })
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim().toUpperCase()))])
    .pipe(z.array(z.string().regex(/^[A-Z0-9]{1,20}$/, { error: 'UNKNOWN_SYMBOL' }))),
  speed: oneOf(REPLAY_SPEEDS).default('1'),
  from: epochMs.optional(),
});
export type ReplayStartRequest = z.input<typeof replayStartSchema>;

export const REPLAY_ACTIONS = ['pause', 'resume', 'speed', 'jump', 'reset'] as const;

/** POST /user/replay/control: pause, resume, a speed, a jump to a market time, a reset of the paper account. */
export const replayControlSchema = z.object({
  id: rowId,
  action: oneOf(REPLAY_ACTIONS),
  speed: oneOf(REPLAY_SPEEDS).optional(),
  at: epochMs.optional(),
});

export const replayIdSchema = z.object({ id: rowId });

/**
 * POST /user/replay/state: the frames since the reader's last read (`next`), or every stream again
 * from a snapshot first (`snapshot`: a reader that starts or lost its place, as a seq gap tells
 * it). Only this read takes frames: the other calls' answers carry none. `reader` is a key each
 * follower makes for itself (a tab's market-data worker), so two tabs on one replay each get
 * every frame; without it the reads share one place.
 */
export const replayStateReadSchema = z.object({
  id: rowId,
  frames: oneOf(['next', 'snapshot']).default('next'),
  reader: requestIdField.optional(),
});

/** POST /user/replay/order/add: a market or limit order, or a conditional one (`kind`, `trigger`…). */
export const replayOrderSchema = z.object({
  id: rowId,
  symbol: symbolField,
  side: oneOf(ORDER_SIDES),
  type: oneOf(['market', 'limit', 'conditional']),
  quantity: decimal(),
  price: decimal().optional(),
  kind: oneOf(CONDITIONAL_KINDS).optional(),
  trigger: decimal().optional(),
  limit: decimal().optional(),
  trailBy: oneOf(TRAIL_BY).optional(),
  trailValue: decimal().optional(),
});
export type ReplayOrderRequest = z.input<typeof replayOrderSchema>;

/** POST /user/replay/order/cancel: an order's id (`12`) or a conditional order's (`C3`). */
export const replayCancelSchema = z.object({
  id: rowId,
  orderId: z.string().regex(/^C?[1-9]\d{0,9}$/, { error: 'FIELD_INVALID' }),
});

export const replayLegSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(CONDITIONAL_KINDS),
  side: z.enum(ORDER_SIDES),
  quantity: dec,
  trigger: dec,
  limit: dec.nullable(),
  best: dec.nullable(),
  state: z.enum(['pending', 'fired', 'refused', 'cancelled']),
  reason: z.string().nullable(),
  placedOrderId: z.string().nullable(),
  createdAt: z.number().int(),
});

export const replayStateSchema = z.object({
  id: z.string(),
  day: z.string(),
  symbols: z.array(z.string()),
  /** The replayed instruments' market and scales: what the frames are read at and shown with. */
  instruments: z.array(
    z.object({
      symbol: z.string(),
      market: z.enum(MARKETS),
      priceScale: z.number().int(),
      qtyScale: z.number().int(),
    }),
  ),
  clock: z.object({
    /** The replay's market time. */
    t: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
    speed: z.enum(REPLAY_SPEEDS),
    paused: z.boolean(),
    /** No jump goes back before this (the paper account's last placement or fill). */
    floor: z.number().int(),
  }),
  balances: z.array(z.object({ currency: z.string(), available: dec, frozen: dec })),
  positions: z.array(z.object({ symbol: z.string(), qty: dec, avgCost: dec, realizedPnl: dec })),
  orders: z.array(spotOrderSchema),
  fills: z.array(spotFillSchema),
  conditionals: z.array(replayLegSchema),
  /**
   * Stream frames since the last state read, as the live socket writes them
   * (domain/protocol/stream-codec): snapshots first after a start, a jump or a `snapshot` read,
   * then one update a stream at most. Empty in every other call's answer.
   */
  frames: z.array(z.string()),
});
export type ReplayState = z.infer<typeof replayStateSchema>;

/** POST /user/replay/end: the result as kept for the journal. */
export const replayEndAnswerSchema = z.object({
  id: z.string(),
  fills: z.number().int(),
  balances: z.array(z.object({ currency: z.string(), start: dec, end: dec })),
  realizedPnl: z.array(z.object({ currency: z.string(), amount: dec })),
});
