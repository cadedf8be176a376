import Decimal from 'decimal.js';
import type { OptionKind } from './black-scholes';

/**
 * Option money in Decimal (ARCHITECTURE rule 4). A premium is per share of the underlying, in TRY
 * to 4 decimals (a far out-of-the-money premium is a fraction of a kuruş a share, and contracts
 * multiply it); every amount that moves money is in kuruş (2 decimals). Everything truncates, as
 * money does on this broker (DECISIONS §3): the buyer is never charged a fraction the model did
 * not ask for, and never credited one the payoff did not make.
 */
export const PREMIUM_SCALE = 4;
export const MONEY_SCALE = 2;
export const RATIO_SCALE = 4;

const OptionDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });
type Value = Decimal.Value;
const dec = (v: Value) => new OptionDecimal(v);
const money = (v: Decimal) => v.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN);
const ZERO = dec(0);

/**
 * A model price (float, normal.ts says why) as a premium: its shortest decimal form, truncated.
 * null for a price that is not a finite non-negative number (no answer: ARCHITECTURE rule 4).
 */
export function premiumOf(price: number): Decimal | null {
  if (!Number.isFinite(price) || price < 0) return null;
  return dec(price).toDecimalPlaces(PREMIUM_SCALE, Decimal.ROUND_DOWN);
}

/**
 * premiumOf(price).toFixed() without a Decimal: the worker shows 200 premiums a tick, and a Decimal
 * costs some 2.5 µs each. It cuts the same shortest decimal form (String(number)) at the same place,
 * so the two always agree (tested on seeded random prices).
 */
export function premiumText(price: number): string | null {
  if (!Number.isFinite(price) || price < 0) return null;
  const text = String(price);
  if (text.includes('e')) return price < 1 ? '0' : (premiumOf(price)?.toFixed() ?? null);
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  let end = Math.min(text.length, dot + 1 + PREMIUM_SCALE);
  while (text.charCodeAt(end - 1) === 48) end--; // trailing zeros
  if (end === dot + 1) end = dot;
  return text.slice(0, end);
}

/** What `contracts` contracts cost before the fee: premium × multiplier × contracts, in kuruş. */
export function premiumTotal(premium: Value, multiplier: number, contracts: Value): Decimal {
  return money(dec(premium).times(multiplier).times(contracts));
}

/** The fee on a premium total (a buy's, or an early close's gross): max(total × rate, minimum). */
export function optionFee(total: Value, feeRate: Value, minFee: Value): Decimal {
  return Decimal.max(money(dec(total).times(feeRate)), dec(minFee));
}

/** The per-share price an early close pays: the model premium × (1 − spread), truncated. */
export function closePremium(model: Value, spread: Value): Decimal {
  return dec(model).times(dec(1).minus(spread)).toDecimalPlaces(PREMIUM_SCALE, Decimal.ROUND_DOWN);
}

/**
 * An early close: gross = close premium × multiplier × contracts; the fee as on a buy but never
 * more than the gross (a close cannot cost money); net = what is credited.
 */
export function closeProceeds(
  premium: Value,
  multiplier: number,
  contracts: Value,
  feeRate: Value,
  minFee: Value,
): { gross: Decimal; fee: Decimal; net: Decimal } {
  const gross = premiumTotal(premium, multiplier, contracts);
  const fee = Decimal.min(optionFee(gross, feeRate, minFee), gross);
  return { gross, fee, net: gross.minus(fee) };
}

/**
 * What a buy of `contracts` at `premium` a share takes from the stock account: the premium total,
 * its fee and their sum (the most the position can lose). The server charges exactly this.
 */
export function buyCost(
  premium: Value,
  multiplier: number,
  contracts: Value,
  feeRate: Value,
  minFee: Value,
): { total: Decimal; fee: Decimal; cost: Decimal } {
  const total = premiumTotal(premium, multiplier, contracts);
  const fee = optionFee(total, feeRate, minFee);
  return { total, fee, cost: total.plus(fee) };
}

/** One step of the premium's scale (0.0001). */
const PREMIUM_STEP = new Decimal(1).dividedBy(10 ** PREMIUM_SCALE);

/**
 * The price tolerance (the rule's `priceTolerance`): the premium may move between the confirmation
 * and the fill, within it. A buy confirmed at `shown` a share is charged at most
 * shown × (1 + tolerance), truncated to the premium's scale (a premium is on that scale, so this is
 * exactly "not above shown × (1 + tolerance)"), and never less than one step above `shown`: under
 * 0.005 two per cent is less than a step, and every move up would have been refused. The server
 * refuses above it (OPTION_PRICE_CHANGED) and the confirmation shows the cost at it, the worst
 * case, before money moves (DECISIONS §2). A tolerance of 0 allows no move at all.
 */
export function maxBuyPremium(shown: Value, tolerance: Value): Decimal {
  const ceiling = dec(shown).times(dec(1).plus(tolerance)).toDecimalPlaces(PREMIUM_SCALE, Decimal.ROUND_DOWN);
  return dec(tolerance).gt(0) ? Decimal.max(ceiling, dec(shown).plus(PREMIUM_STEP)) : ceiling;
}

/**
 * An early close confirmed at a close premium of `shown` a share is paid at least
 * shown × (1 − tolerance), rounded up to the premium's scale (exactly "not below it"), and it
 * allows at least one step down, as a buy allows one up; never below 0. The server refuses below
 * it (OPTION_PRICE_CHANGED) and the confirmation shows the proceeds at it.
 */
export function minClosePremium(shown: Value, tolerance: Value): Decimal {
  const floor = dec(shown).times(dec(1).minus(tolerance)).toDecimalPlaces(PREMIUM_SCALE, Decimal.ROUND_UP);
  const allowed = dec(tolerance).gt(0) ? Decimal.min(floor, dec(shown).minus(PREMIUM_STEP)) : floor;
  return Decimal.max(allowed, ZERO);
}

/**
 * What `contracts` of a position of `held` carry of what it cost, when only they are closed: their
 * share of the premium total and of the buy's fee, each truncated to the kuruş (what truncation
 * leaves stays with the contracts still open), and the two together. All of them: all of it.
 */
export function closedShare(
  premiumTotal: Value,
  fee: Value,
  contracts: Value,
  held: Value,
): { premiumTotal: Decimal; fee: Decimal; cost: Decimal } {
  // Multiplied before divided: 93.84 × 1 / 3 is 31.28, where 93.84 × (1 / 3) falls a hair short.
  const premium = money(dec(premiumTotal).times(contracts).div(held));
  const paid = money(dec(fee).times(contracts).div(held));
  return { premiumTotal: premium, fee: paid, cost: premium.plus(paid) };
}

/** Per share at expiry: max(S − K, 0) for a call, max(K − S, 0) for a put. */
export function intrinsic(kind: OptionKind, settle: Value, strike: Value): Decimal {
  const diff = kind === 'call' ? dec(settle).minus(strike) : dec(strike).minus(settle);
  return Decimal.max(diff, ZERO);
}

/** What a position is paid at expiry: intrinsic × multiplier × contracts, in kuruş. */
export function payoffAtExpiry(
  kind: OptionKind,
  settle: Value,
  strike: Value,
  multiplier: number,
  contracts: Value,
): Decimal {
  return money(intrinsic(kind, settle, strike).times(multiplier).times(contracts));
}

/** The underlying's price at expiry where the position neither gains nor loses (before the fee). */
export function breakeven(kind: OptionKind, strike: Value, premium: Value): Decimal {
  return kind === 'call' ? dec(strike).plus(premium) : dec(strike).minus(premium);
}

/** P&L = credited − cost, and P&L / cost (DECISIONS §3); the ratio is null when nothing was paid. */
export function optionPnl(credited: Value, cost: Value): { pnl: Decimal; ratio: Decimal | null } {
  const pnl = dec(credited).minus(cost);
  const paid = dec(cost);
  return {
    pnl,
    ratio: paid.isZero() ? null : pnl.div(paid).toDecimalPlaces(RATIO_SCALE, Decimal.ROUND_DOWN),
  };
}
