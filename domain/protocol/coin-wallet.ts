import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, oneOf } from '../validation/fields';
import { dec } from './wire-kinds';

/**
 * The coin wallet on the wire: its balances and the USDT transfer to and from the contract wallet
 * (trading.ts says how money, ids and times are written).
 */
/** The coin wallet per currency, valued in USDT, and the contract wallet. */
export const coinAssetSchema = z.object({
  currency: z.string(),
  available: dec,
  frozen: dec,
  total: dec,
  /** At the last price; null when the coin has no USDT market. */
  valueUsdt: dec.nullable(),
});
export const coinAssetsSchema = z.object({
  coin: z.array(coinAssetSchema),
  contract: z.object({ available: dec, frozen: dec, total: dec, unrealizedPnl: dec }),
  totalUsdt: dec,
  /**
   * The `coinSpot` setting the engine books with, so the spot ticket's fee preview (domain/rules
   * coinFee, checkCoinOrder) equals the booking. Optional only so an older server still parses;
   * the ticket shows `--` costs without it.
   */
  spot: z.object({ feeRate: dec, minAmount: dec }).optional(),
});
export type CoinAssets = z.infer<typeof coinAssetsSchema>;

/**
 * USDT between the currency (coin) and contract accounts (trade password:
 * DECISIONS §3).
 */
export const transferRequestSchema = z.object({
  from: oneOf(['coin', 'contract']),
  to: oneOf(['coin', 'contract']),
  currency: oneOf(['USDT']).default('USDT'),
  amount: decimal(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export const transferAnswerSchema = z.object({
  transactionId: z.string(),
  from: z.enum(['coin', 'contract']),
  to: z.enum(['coin', 'contract']),
  amount: dec,
  coinAvailable: dec,
  contractAvailable: dec,
});
