import Decimal from 'decimal.js';
import type { PositionSide } from '../protocol/contracts';
import { d, USDT_SCALE, type DecimalLike } from './decimal';

/**
 * What a position pays at one funding boundary (negative: receives): its notional at the mark ×
 * the rate, a PERCENT per interval as exchanges show it ('0.0100' is 0.01 %); a positive rate is
 * paid by longs to shorts, a negative one the other way (DECISIONS §3). Truncated to USDT's scale.
 * The server charges this (server/trading/contracts/risk.ts); the ticket shows it before opening.
 */
export function fundingPayment(
  side: PositionSide,
  qty: DecimalLike,
  mark: DecimalLike,
  ratePercent: DecimalLike,
): Decimal {
  const amount = d(qty).mul(mark).mul(ratePercent).div(100).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);
  return side === 'long' ? amount : amount.neg();
}
