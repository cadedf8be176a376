import { z } from 'zod';
import { oneOf } from '../validation/fields';
import { ORDER_SIDES, stockOrderRequestSchema } from './trading';
import { dec } from './wire-kinds';

/**
 * What an order would cost, asked before it is sent (/stock/order/preview, /coin/order/preview,
 * /coin/contract/order/preview). The request is the order's own body; the answer comes from the
 * code that books the fill, run on the book as it is now, and writes nothing.
 */

/** A stock order's body with its side (the buy and sell calls say it by their path). */
export const stockPreviewRequestSchema = stockOrderRequestSchema.extend({ side: oneOf(ORDER_SIDES) });

export const FEE_KEYS = ['commission', 'bsmv', 'exchangeFee', 'fee', 'openFee'] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

const feeLineSchema = z.object({ key: z.enum(FEE_KEYS), amount: dec });
const fillSchema = z.object({ price: dec, qty: dec });

/** The estimate against the last price: signed, and in percent of the last (2 places). */
const distanceFields = {
  last: dec.nullable(),
  priceDiff: dec.nullable(),
  priceDiffPercent: dec.nullable(),
};

export const spotPreviewSchema = z.object({
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  /** The cash the order pays or receives (TRY, or the coin pair's quote). */
  currency: z.string(),
  /** What it buys or sells: a stock's symbol (counted in shares), or the pair's base coin. */
  asset: z.string(),
  /** The levels the book gives the order now, best first, each at its own price. */
  fills: z.array(fillSchema),
  filledQty: dec,
  /** A limit order's part that would rest at its limit; a market order's part nobody takes. */
  restQty: dec,
  /** The cash before costs: the fills, and a limit order's rest at its price. */
  amount: dec,
  /** The estimated average fill, on the order record's grid; null when nothing would fill. */
  avgPrice: dec.nullable(),
  fees: z.array(feeLineSchema),
  feeTotal: dec,
  /** What the order takes from the free balance when placed (its hold), in `holdCurrency`. */
  hold: dec,
  holdCurrency: z.string(),
  /** The worst price it executes at: a limit order's limit, a market order's protected cap. */
  cap: dec,
  /** A buy pays amount + costs; a sell receives amount − costs. */
  total: dec,
  ...distanceFields,
});
export type SpotPreview = z.infer<typeof spotPreviewSchema>;

export const contractPreviewSchema = z.object({
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  leverage: z.number().int(),
  fills: z.array(fillSchema),
  qty: dec,
  /** The entry price the position would have (its fills' average, as its record carries it). */
  avgPrice: dec,
  notional: dec,
  /** The margin it locks, and the opening fee, from the contract wallet. */
  margin: dec,
  fees: z.array(feeLineSchema),
  feeTotal: dec,
  /** margin + fees: what leaves the contract wallet's free balance. */
  total: dec,
  /** The liquidation price after the order (null: no price liquidates it). */
  liquidationPrice: dec.nullable(),
  mark: dec,
  ...distanceFields,
});
export type ContractPreview = z.infer<typeof contractPreviewSchema>;
