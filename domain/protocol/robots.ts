import { z } from 'zod';
import { withRequestId } from './request-id';
import { STRATEGY_KINDS } from '../robots/strategies';
import { decimal, int, rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { dec, ms } from './wire-kinds';

/**
 * Trading robots on the wire (DECISIONS §2). A robot is a real strategy trading a coin
 * with the user's locked USDT; every figure here is measured from fills (its track record) or
 * computed on the simulator's past candles (its backtest), and each is a past result. Nothing
 * here is a promised rate: SPEC §3's "daily rate of return" and "accuracy rate" are the measured
 * `track.dailyRate` and `track.winRate`, null until there is something to measure.
 */

export const ROBOT_ORDER_STATUSES = ['running', 'finished', 'stopped'] as const;
export type RobotOrderStatus = (typeof ROBOT_ORDER_STATUSES)[number];

/** Measured across every run of the robot (domain/robots/track.ts). */
export const robotTrackSchema = z.object({
  runs: z.number().int(),
  finished: z.number().int(),
  returnRate: dec.nullable(),
  dailyRate: dec.nullable(),
  /** Over finished runs like the return; null before any. */
  maxDrawdown: dec.nullable(),
  /** Finished runs in it whose fall is from their fills only (recorded before runs were marked). */
  fillsOnly: z.number().int(),
  wins: z.number().int(),
  sells: z.number().int(),
  winRate: dec.nullable(),
});
export type RobotTrack = z.infer<typeof robotTrackSchema>;

/** SPEC §3's robot: level, lock-in period range, start-up capital, single limit, measured figures. */
export const robotSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  strategy: z.enum(STRATEGY_KINDS),
  /** The strategy's rules, e.g. {every: 6, buys: 8, takeProfit: "0.015"} (shown, never hidden). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  symbol: z.string(),
  interval: z.string(),
  currency: z.literal('USDT'),
  lockDaysMin: z.number().int(),
  lockDaysMax: z.number().int(),
  /** Start-up capital (least amount) and single limit (most amount per order). */
  minCapital: dec,
  maxCapital: dec,
  /** The taker fee on each of its trades, the withholding on a realised profit, the early-stop penalty on capital. */
  feeRate: dec,
  taxRate: dec,
  penaltyRate: dec,
  /** Paused by the operator: not sold now; running orders go on. */
  paused: z.boolean(),
  track: robotTrackSchema,
});
export type Robot = z.infer<typeof robotSchema>;
export const robotListSchema = z.object({ list: z.array(robotSchema) });

export const robotIdRequestSchema = z.object({ id: z.string().min(1).max(20) });

/** The strategy on the simulator's past candles beside buy-and-hold (past results, not a forecast). */
export const robotBacktestSchema = z.object({
  capital: dec,
  from: ms,
  to: ms,
  bars: z.number().int(),
  trades: z.number().int(),
  returnRate: dec,
  holdReturnRate: dec,
  maxDrawdown: dec,
  wins: z.number().int(),
  sells: z.number().int(),
  /** Sampled values of the robot and of buy-and-hold, starting at the capital. */
  curve: z.array(z.object({ t: ms, robot: dec, hold: dec })),
});
export type RobotBacktest = z.infer<typeof robotBacktestSchema>;
export const robotInfoSchema = z.object({ robot: robotSchema, backtest: robotBacktestSchema.nullable() });
export type RobotInfo = z.infer<typeof robotInfoSchema>;

/**
 * `buy`: lock `amount` USDT of the coin wallet in robot `robotId` for `days`;
 * `stop`: end running order `id` early (the disclosed penalty applies). Both need the trade password.
 */
export const robotBuyRequestSchema = z.object({
  action: z.literal('buy'),
  robotId: z.string().min(1).max(20),
  amount: decimal(),
  days: int({ min: 1, max: 365 }),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export const robotStopRequestSchema = z.object({
  action: z.literal('stop'),
  id: rowId,
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export const robotApplyRequestSchema = z.discriminatedUnion('action', [
  robotBuyRequestSchema,
  robotStopRequestSchema,
]);
export type RobotApplyRequest = z.input<typeof robotApplyRequestSchema>;

export const robotOrderSchema = z.object({
  id: z.string(),
  robotId: z.string(),
  level: z.number().int(),
  strategy: z.enum(STRATEGY_KINDS),
  symbol: z.string(),
  capital: dec,
  days: z.number().int(),
  status: z.enum(ROBOT_ORDER_STATUSES),
  startedAt: ms,
  endsAt: ms,
  /** The order's own cash and coin, and its value with the coin at the last price. */
  cash: dec,
  qty: dec,
  value: dec,
  /** value − capital while running; returned − capital once ended. */
  pnl: dec,
  pnlRate: dec,
  fees: dec,
  /**
   * The largest fall of the order's value from its peak: with `drawdownFrom` 'bars' its holdings
   * marked at every closed bar's close and every fill (domain/robots/book.ts); 'fills' on a run
   * recorded before runs were marked whose bars the source no longer has, marked at its fills only
   * (a fall between two trades is not in it). null where its fills were not read (a list).
   */
  maxDrawdown: dec.nullable(),
  drawdownFrom: z.enum(['bars', 'fills']),
  trades: z.number().int(),
  daysLeft: z.number().int(),
  /** Set once ended: cash at the end − capital, the withholding, the penalty, what came back. */
  result: dec.nullable(),
  tax: dec.nullable(),
  penalty: dec.nullable(),
  returned: dec.nullable(),
  closedAt: ms.nullable(),
  taxRate: dec,
  penaltyRate: dec,
});
export type RobotOrder = z.infer<typeof robotOrderSchema>;
export const robotOrderPageSchema = pageOf(robotOrderSchema);
export const robotOrderListRequestSchema = statusPageRequestSchema(ROBOT_ORDER_STATUSES);

export const robotFillSchema = z.object({
  t: ms,
  side: z.enum(['buy', 'sell']),
  price: dec,
  qty: dec,
  amount: dec,
  fee: dec,
  /** What a sell realised after its fee, against the average cost; null for a buy. */
  realized: dec.nullable(),
});
export type RobotFill = z.infer<typeof robotFillSchema>;
export const robotOrderInfoSchema = z.object({ order: robotOrderSchema, fills: z.array(robotFillSchema) });
export type RobotOrderInfo = z.infer<typeof robotOrderInfoSchema>;
