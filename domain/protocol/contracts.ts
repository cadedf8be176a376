import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, decimalOrEmpty, int, oneOf, paging, rowId, rowIdList, text } from '../validation/fields';
import { pageOf } from './content';
import { clientOrderIdField, NAMED_IDS_MAX } from './trading';
import { dec, ms } from './wire-kinds';

/**
 * USDT-margined perpetual contracts on the wire (/coin/contract/order/*), isolated margin
 * (DECISIONS §3). The live figures a position answer carries (mark, PnL, ROE, margin ratio,
 * liquidation price) come from domain/contracts, the same functions the worker runs.
 */

export const POSITION_SIDES = ['long', 'short'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];
export const POSITION_STATUSES = ['open', 'closed', 'liquidated'] as const;
export const CLOSE_REASONS = ['user', 'all', 'take_profit', 'stop_loss', 'liquidation'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** One maintenance tier: positions up to `maxNotional` USDT keep `mmr` of notional (minus `deduction`). */
export const tierSchema = z.object({ maxNotional: dec.nullable(), mmr: dec, deduction: dec });
export type Tier = z.infer<typeof tierSchema>;

/** The leverage choices and the rules the maths uses. */
export const contractRulesRequestSchema = z.object({ symbol: text({ max: 20 }).optional() });
export const contractRulesSchema = z.object({
  choices: z.array(z.number().int()),
  /** Service charge per side, a rate of notional (taker). */
  feeRate: dec,
  /** Charged on liquidation, a rate of notional; never more than what is left of the margin. */
  liquidationFeeRate: dec,
  tiers: z.array(tierSchema),
  /** Smallest position, in USDT of notional. */
  minNotional: dec,
  fundingIntervalMs: z.number().int(),
  riskAccepted: z.boolean(),
  riskVersion: z.number().int(),
});
export type ContractRules = z.infer<typeof contractRulesSchema>;

/**
 * Opens at market. Exactly one of `margin` (USDT) and `quantity`
 * (base coin). `acceptRisk=1` accepts the risk disclosure with the first order (once).
 * `tradePassword` is needed only when the user turned on "confirm orders with trade password".
 */
export const contractOpenRequestSchema = z.object({
  symbol: text({ max: 20 }),
  side: oneOf(POSITION_SIDES),
  leverage: int({ min: 1, max: 125 }),
  margin: decimal().optional(),
  quantity: decimal().optional(),
  takeProfit: decimal().optional(),
  stopLoss: decimal().optional(),
  clientOrderId: clientOrderIdField.optional(),
  acceptRisk: oneOf(['0', '1']).optional(),
  tradePassword: z.string().optional(),
});
export type ContractOpenRequest = z.input<typeof contractOpenRequestSchema>;

export const contractPositionSchema = z.object({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  leverage: z.number().int(),
  qty: dec,
  entryPrice: dec,
  margin: dec,
  openFee: dec,
  takeProfit: dec.nullable(),
  stopLoss: dec.nullable(),
  funding: dec,
  status: z.enum(POSITION_STATUSES),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  closePrice: dec.nullable(),
  closeFee: dec.nullable(),
  realizedPnl: dec.nullable(),
  openedAt: ms,
  closedAt: ms.nullable(),
  /** Live figures at `mark` (open positions). A closed one has nothing live: `mark` is its close price, the rest 0 (liquidationPrice null); its result is `realizedPnl`. */
  mark: dec,
  notional: dec,
  unrealizedPnl: dec,
  roe: dec,
  maintenanceMargin: dec,
  /** Maintenance margin ÷ equity, percent; 100 means liquidation. */
  marginRatio: dec,
  /** null when no price liquidates it (e.g. 1× long). */
  liquidationPrice: dec.nullable(),
});
export type ContractPosition = z.infer<typeof contractPositionSchema>;

/** Closes `quantity` of a position at market (all when absent). */
export const contractCloseRequestSchema = z.object({ id: rowId, quantity: decimal().optional() });
/** A take-profit or stop-loss trigger: an empty or absent `price` clears it. */
export const contractTriggerRequestSchema = z.object({
  id: rowId,
  price: decimalOrEmpty().optional(),
});
export const addMarginRequestSchema = z.object({ id: rowId, amount: decimal(), ...withRequestId });
export const contractListRequestSchema = z.object({
  status: oneOf(['open', 'history']).default('open'),
  symbol: text({ max: 20 }).optional(),
  ...paging,
});
export const contractPageSchema = pageOf(contractPositionSchema);
export const activeListSchema = z.object({ list: z.array(contractPositionSchema) });
/** Every open position, or with `ids` only those the user's confirmation named. */
export const closeAllRequestSchema = z.object({ ids: rowIdList(NAMED_IDS_MAX).optional() });
/**
 * `gone`: the named `ids` no longer open (closed, triggered or liquidated meanwhile). A position the
 * book cannot take now is in neither list: it stays open.
 */
export const closeAllAnswerSchema = z.object({
  closed: z.array(contractPositionSchema),
  gone: z.array(z.string()),
});

/** Private WebSocket `positions` channel payloads. */
export type PositionsEvent =
  | { kind: 'position'; position: ContractPosition }
  | { kind: 'trigger'; trigger: 'take_profit' | 'stop_loss'; position: ContractPosition }
  | { kind: 'liquidation'; position: ContractPosition }
  | { kind: 'funding'; positionId: string; symbol: string; amount: string; rate: string; t: number };
