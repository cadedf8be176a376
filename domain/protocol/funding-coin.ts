import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, rowId, text } from '../validation/fields';
import { fundingHoursSchema } from './funding';
import { dec, id, ms } from './wire-kinds';

/**
 * Crypto funding on the wire: deposit coins and chains, deposit addresses, crypto deposits and
 * withdrawals (funding.ts says how money, ids and times are written).
 */

/** The coins and chains that can be deposited and withdrawn, with terms. */
export const coinChainSchema = z.object({
  /** e.g. TRC20, ERC20, BTC. */
  chain: z.string(),
  name: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  minDeposit: dec,
  /** Confirmations before a deposit is credited. */
  confirmations: z.number().int(),
  minWithdraw: dec,
  /** A fixed fee per withdrawal, in the coin. */
  withdrawFee: dec,
  /** Expected minutes from approval to the chain. */
  expectedMinutes: z.number().int(),
});
export const rechargeCoinSchema = z.object({
  currency: z.string(),
  name: z.string(),
  chains: z.array(coinChainSchema),
});
export const rechargeCoinsSchema = z.object({ list: z.array(rechargeCoinSchema), hours: fundingHoursSchema });
export type RechargeCoin = z.infer<typeof rechargeCoinSchema>;
export type CoinChain = z.infer<typeof coinChainSchema>;

const coinChainRequest = { currency: text({ max: 20 }), chain: text({ max: 20 }) };

/**
 * This user's deposit address for a coin on a chain, null until
 * generated; /coin/recharge/address/generate creates it once (the same address ever after).
 */
export const depositAddressRequestSchema = z.object(coinChainRequest);
export const depositAddressSchema = z.object({
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  /** A memo/tag some chains need; empty when not. */
  memo: z.string(),
  minDeposit: dec,
  confirmations: z.number().int(),
  createdAt: ms,
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export const depositAddressAnswerSchema = z.object({ address: depositAddressSchema.nullable() });

/**
 * The user reports a transfer they sent (tx hash) so the operator or the
 * sandbox chain simulator can match it; it is credited only when the transfer is confirmed.
 */
export const coinRechargeAddRequestSchema = z.object({
  ...coinChainRequest,
  amount: decimal(),
  txHash: text({ max: 100 }),
});

/** The user's saved withdrawal addresses (optionally one coin). */
export const withdrawAddressListRequestSchema = z.object({ currency: text({ max: 20 }).optional() });
export const withdrawAddressSchema = z.object({
  id,
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  memo: z.string(),
  label: z.string(),
  createdAt: ms,
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;
export const withdrawAddressListSchema = z.object({ list: z.array(withdrawAddressSchema) });
/** Saves an address after checking its format for the chain. */
export const withdrawAddressAddRequestSchema = z.object({
  ...coinChainRequest,
  address: text({ max: 120 }),
  memo: text({ max: 40 }).optional(),
  label: text({ max: 40 }).optional(),
});

/** A coin from the currency (coin) wallet to a saved address. */
export const coinWithdrawAddRequestSchema = z.object({
  addressId: rowId,
  amount: decimal(),
  withdrawPassword: z.string(),
  ...withRequestId,
});
