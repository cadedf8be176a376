import Decimal from 'decimal.js';

/**
 * The contracts maths' own Decimal: the shared default keeps 20 significant digits, and a
 * liquidation price divides numbers that already carry ~20 (qty × entry × tiers), so the
 * quotient would lose its last places. 40 keeps every figure exact to the scales we show.
 */
export const ContractDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** What the functions accept: canonical decimal strings, numbers in tests, or any Decimal. */
export type DecimalLike = Decimal.Value;

export function d(value: DecimalLike): Decimal {
  return new ContractDecimal(value);
}

export const ZERO = d(0);
export const HUNDRED = d(100);

/** USDT amounts on the wire (notional, PnL, maintenance margin, margins and fees): domain/format/money. */
export { USDT_SCALE } from '../format/money';
/** Percentages (ROE, margin ratio, distances) carry 2 decimals. */
export const PERCENT_SCALE = 2;
