import Decimal from 'decimal.js';
import type { CloseReason } from '../protocol/contracts';
import { d, USDT_SCALE, ZERO, type DecimalLike } from './decimal';
import type { PositionCore } from './liquidation';
import { closeFeeRate, closeFees, unrealizedPnl, type MarginRules } from './margin';

/** What a close books: the margin it releases, the fills' PnL and the fees before protection. */
export interface CloseSettlement {
  margin: DecimalLike;
  pnl: DecimalLike;
  fees: DecimalLike;
}

/**
 * What a close returns, with negative-balance protection (DECISIONS §2): the user gets back
 * max(0, margin + pnl − fees), the fees take what is left after the loss, and whatever the loss
 * exceeds the margin by is the market's. The server's `settle` (server/trading/contracts/postings.ts)
 * books with it.
 */
export function settleClose(s: CloseSettlement): { credit: Decimal; feesCharged: Decimal } {
  const afterLoss = Decimal.max(ZERO, d(s.margin).plus(s.pnl));
  const feesCharged = Decimal.min(d(s.fees), afterLoss);
  return { credit: afterLoss.minus(feesCharged), feesCharged };
}

export interface CloseEstimate {
  /** The price the whole quantity is assumed to fill at. */
  price: Decimal;
  /** The close's fee rate (the taker fee for a user's close). */
  feeRate: Decimal;
  /** The fee the ledger would take (closeFees at `price`, then no more than the margin has left). */
  fee: Decimal;
  /** The fill's PnL against the entry, at the USDT scale, half away from zero (as the server books it). */
  pnl: Decimal;
  /** What goes back to the contract wallet's free balance: margin + pnl − fee, never below 0. */
  returned: Decimal;
  /** The margin the close releases (the position's). */
  margin: Decimal;
  /**
   * The loss past the margin, which the user does not pay (negative-balance protection): so
   * margin + pnl + absorbed − fee = returned, always, and a confirmation's rows add up.
   */
  absorbed: Decimal;
}

/**
 * The confirmation's figures for closing all of `position` at `price` (one fill there): the
 * functions the server's closeAtMarket books with (unrealizedPnl, closeFees, closeFeeRate) and its
 * settlement. The real close fills against the book, so its figures may differ. null when the price
 * is not positive (no price to estimate at).
 */
export function closeEstimate(
  position: PositionCore,
  price: DecimalLike,
  rules: Pick<MarginRules, 'feeRate' | 'liquidationFeeRate'>,
  reason: CloseReason = 'user',
): CloseEstimate | null {
  const p = d(price);
  if (!p.isFinite() || p.lte(ZERO)) return null;
  const { side, qty, entryPrice, margin } = position;
  const feeRate = closeFeeRate(rules, reason);
  const pnl = unrealizedPnl(side, qty, entryPrice, p).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_HALF_UP);
  const fees = closeFees([{ qty, price: p }], feeRate);
  const { credit, feesCharged } = settleClose({ margin, pnl, fees });
  const absorbed = Decimal.max(ZERO, d(margin).plus(pnl).neg());
  return { price: p, feeRate, fee: feesCharged, pnl, returned: credit, margin: d(margin), absorbed };
}

export type CloseTotals = Pick<CloseEstimate, 'fee' | 'pnl' | 'returned' | 'margin' | 'absorbed'>;

/** The sums over several closes (close all); null when any of them has no estimate. */
export function closeTotals(estimates: readonly (CloseEstimate | null)[]): CloseTotals | null {
  const sum: CloseTotals = { fee: d(0), pnl: d(0), returned: d(0), margin: d(0), absorbed: d(0) };
  for (const e of estimates) {
    if (!e) return null;
    for (const key of ['fee', 'pnl', 'returned', 'margin', 'absorbed'] as const)
      sum[key] = sum[key].plus(e[key]);
  }
  return sum;
}
