import Decimal from 'decimal.js';
import { CANONICAL_DECIMAL } from '../../domain/format/parse';

/**
 * The ledger's own Decimal: the shared default keeps only 20 significant digits, while a
 * NUMERIC(38,18) balance has 38, and sums of many of them need more still.
 */
export const LedgerDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export type LedgerDecimal = InstanceType<typeof LedgerDecimal>;

/** NUMERIC(38,18): at most 18 decimals and 20 integer digits. */
export const MAX_DECIMALS = 18;
const MAX_INTEGER_DIGITS = 20;

/** Something the caller got wrong when building a posting: a bug, never the user's fault. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/**
 * A signed amount as the ledger accepts it: a canonical decimal string (or a Decimal), at most
 * 18 decimals and within NUMERIC(38,18). Throws LedgerError otherwise.
 */
export function parseAmount(value: string | Decimal, what = 'amount'): LedgerDecimal {
  const text = typeof value === 'string' ? value : value.toFixed();
  if (!CANONICAL_DECIMAL.test(text))
    throw new LedgerError(`${what} ${JSON.stringify(text)} is not canonical`);
  const amount = new LedgerDecimal(text);
  if (amount.decimalPlaces() > MAX_DECIMALS)
    throw new LedgerError(`${what} ${text} has more than ${MAX_DECIMALS} decimals`);
  if (amount.abs().gte(new LedgerDecimal(10).pow(MAX_INTEGER_DIGITS)))
    throw new LedgerError(`${what} ${text} is too large`);
  return amount;
}

/**
 * Whether an amount fits NUMERIC(38,18)'s 20 integer digits, as every balance does: a hold or a
 * charge past it is more than any account holds (short), not a posting to refuse as a bug.
 */
export function fitsLedger(value: string | Decimal): boolean {
  return new LedgerDecimal(typeof value === 'string' ? value : value.toFixed())
    .abs()
    .lt(new LedgerDecimal(10).pow(MAX_INTEGER_DIGITS));
}

/** A positive amount, for helpers where the direction is given by the operation. */
export function parsePositive(value: string | Decimal, what = 'amount'): LedgerDecimal {
  const amount = parseAmount(value, what);
  if (!amount.gt(0)) throw new LedgerError(`${what} must be positive, got ${amount.toFixed()}`);
  return amount;
}

/** NUMERIC comes back from both drivers as a padded string; the wire wants `1.5`, not `1.500000…`. */
export function canonical(value: string | LedgerDecimal | Decimal): string {
  return new LedgerDecimal(typeof value === 'string' ? value : value.toFixed()).toFixed();
}
