import Decimal from 'decimal.js';
import type { OptionKind } from './black-scholes';
import { tradingMsBetween, yearsToExpiry } from './grid';
import { optionModel, type PriceProcess } from './model';
import { intrinsic, optionPnl, premiumOf, premiumTotal } from './money';
import { DAY_MS, HOUR_MS } from '../time';

/**
 * What an option bought now would be worth at another underlying price on another date: the
 * "simulated returns" a buyer looks at before paying. Valued with the very model the quote and
 * the broker use (domain/options/model on the stock's process and trading time), so the view at
 * today's date and today's price is the quote itself, and at expiry only the intrinsic value.
 * Fees aside: they are the ticket's own lines.
 */
export type ValuationTerms = {
  kind: OptionKind;
  strike: string;
  expiresAt: number;
  /** The rule's rate, the stock's process and its sessions (null: trades around the clock). */
  rate: string;
  process: PriceProcess;
  sessions: readonly { open: number; close: number }[] | null;
};

export type SimulationTerms = ValuationTerms & {
  /** Per share, as the quote prices it (what is paid). */
  premium: string;
  multiplier: number;
  contracts: Decimal.Value;
};

export type SimulatedReturn = {
  /** Per share: the model's premium on that date (truncated as quoted), the intrinsic value at expiry. */
  value: Decimal;
  /** (value − premium) × multiplier × contracts, to the kuruş. */
  pnl: Decimal;
  /** pnl / what was paid; null when nothing was. */
  ratio: Decimal | null;
};

/** The value per share at `spot` on `at`; null for a spot that is not a positive number. */
export function valueAt(terms: ValuationTerms, spot: Decimal.Value, at: number): Decimal | null {
  const s = Number(spot);
  if (!(s > 0 && Number.isFinite(s))) return null;
  if (at >= terms.expiresAt) return intrinsic(terms.kind, spot, terms.strike);
  const price = optionModel({
    kind: terms.kind,
    spot: s,
    strike: Number(terms.strike),
    tradingMs: tradingMsBetween(terms.sessions, at, terms.expiresAt),
    years: yearsToExpiry(at, terms.expiresAt),
    rate: Number(terms.rate),
    process: terms.process,
    // One day of the calendar in force, as the server and the worker count it (theta's unit).
    dayTradingMs: terms.sessions === null ? DAY_MS : terms.process.sessionMs,
  }).price;
  return premiumOf(price);
}

/** The position's P&L at `spot` on `at` (fees aside); null when the model has no answer. */
export function simulatedReturn(
  terms: SimulationTerms,
  spot: Decimal.Value,
  at: number,
): SimulatedReturn | null {
  const value = valueAt(terms, spot, at);
  return value === null ? null : returnOf(terms, value);
}

/** What a value per share makes of the premium paid: (value − premium) × multiplier × contracts. */
export function returnOf(
  terms: Pick<SimulationTerms, 'premium' | 'multiplier' | 'contracts'>,
  value: Decimal,
): SimulatedReturn {
  const worth = premiumTotal(value, terms.multiplier, terms.contracts);
  const paid = premiumTotal(terms.premium, terms.multiplier, terms.contracts);
  return { value, ...optionPnl(worth, paid) };
}

export type PriceRange = { lo: Decimal.Value; hi: Decimal.Value; steps: number; scale: number };

/** The `i`th of `steps` + 1 evenly spaced prices from `lo` to `hi`, cut to the price's scale. */
export function priceStep(range: PriceRange, i: number): Decimal {
  const lo = new Decimal(range.lo);
  return lo
    .plus(new Decimal(range.hi).minus(lo).times(i).div(range.steps))
    .toDecimalPlaces(range.scale, Decimal.ROUND_DOWN);
}

export type ValuePoint = { spot: Decimal; value: Decimal };

/**
 * The value per share on `at` at every price of the range: the part of the curve that costs
 * model time, apart from the premium, so a new quote redraws the P&L without pricing again.
 * Points the model cannot price are left out.
 */
export function valueCurve(terms: ValuationTerms, range: PriceRange, at: number): ValuePoint[] {
  const points: ValuePoint[] = [];
  for (let i = 0; i <= range.steps; i++) {
    const spot = priceStep(range, i);
    const value = valueAt(terms, spot, at);
    if (value !== null) points.push({ spot, value });
  }
  return points;
}

export type CurvePoint = { spot: Decimal; pnl: Decimal };

/** The P&L on `at` across the range: the curve the view draws. */
export function simulatedCurve(terms: SimulationTerms, range: PriceRange, at: number): CurvePoint[] {
  return valueCurve(terms, range, at).map((p) => ({ spot: p.spot, pnl: returnOf(terms, p.value).pnl }));
}

/** Most dates the date slider offers: a month's expiry in days fits well under it. */
export const MAX_SIMULATION_DATES = 62;

/**
 * The dates the view can be read on: now, every whole day after it before expiry (every hour
 * when less than two days are left, so a day's option still has a slider), and the expiry
 * itself last. Longer lives step in whole days widened to stay within MAX_SIMULATION_DATES.
 */
export function simulationDates(now: number, expiresAt: number): number[] {
  if (expiresAt <= now) return [expiresAt];
  const span = expiresAt - now;
  const unit = span < 2 * DAY_MS ? HOUR_MS : DAY_MS;
  const step = unit * Math.max(1, Math.ceil(span / unit / (MAX_SIMULATION_DATES - 1)));
  const dates = [now];
  for (let at = now + step; at < expiresAt; at += step) dates.push(at);
  dates.push(expiresAt);
  return dates;
}
