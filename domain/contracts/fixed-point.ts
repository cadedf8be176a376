import { d, type DecimalLike } from './decimal';

/**
 * Exact scaled integers for the per-tick figures: the worker recomputes hundreds of positions
 * per mark tick, and BigInt products and quotients cost a fraction of Decimal's (a Decimal
 * division alone is ~3 µs). Every input is a finite decimal, so with a common scale the products
 * are exact and each quotient is rounded once, explicitly — exact where Decimal's would stop at
 * its precision.
 */
export const UNIT_DECIMALS = 18;
export const ONE = 10n ** 18n;

const POW10: bigint[] = [];
for (let i = 0, p = 1n; i <= 80; i++, p *= 10n) POW10.push(p);
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal as an integer count of 10⁻¹⁸ (the ledger's NUMERIC(38,18) resolution). Wire and ledger
 * values never carry more decimals; anything finer is rounded half away from zero.
 */
export function toUnits(value: DecimalLike): bigint {
  let text = typeof value === 'string' ? value : d(value).toFixed();
  let match = PLAIN.exec(text);
  if (!match) {
    text = d(value).toFixed();
    match = PLAIN.exec(text);
    if (!match) throw new Error(`not a finite decimal: ${text}`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  let units: bigint;
  if (fraction.length <= UNIT_DECIMALS) {
    units = BigInt(whole + fraction.padEnd(UNIT_DECIMALS, '0'));
  } else {
    const digits = BigInt(whole + fraction);
    units = divRound(digits, pow10(fraction.length - UNIT_DECIMALS));
  }
  return sign === '-' ? -units : units;
}

/** n ÷ m (m > 0) rounded half away from zero. */
export function divRound(n: bigint, m: bigint): bigint {
  const q = ((n < 0n ? -n : n) * 2n + m) / (2n * m);
  return n < 0n ? -q : q;
}

/** An integer count of 10⁻ˢᶜᵃˡᵉ as a plain decimal string with exactly `scale` decimals; never "-0". */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  const padded = digits.length <= scale ? digits.padStart(scale + 1, '0') : digits;
  const cut = padded.length - scale;
  const text = scale === 0 ? padded : `${padded.slice(0, cut)}.${padded.slice(cut)}`;
  return negative ? `-${text}` : text;
}
