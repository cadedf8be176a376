import Decimal from 'decimal.js';
import { applyFill, bookValue, maxDrawdown, openBook, type Fill } from './book';
import { DAY_MS } from '../time';

/** One robot order as the track record reads it: its capital, its fills, and whether it ended. */
export type Run = {
  capital: string;
  /** The days its capital was at work (daysAtWork): the per-day figure divides by these. */
  days: Decimal.Value;
  fills: readonly Fill[];
  /** True once the run has ended (lock-in over or stopped early); its book is then all cash. */
  ended: boolean;
  /** The disclosed withholding on the run's realised profit (0 on a loss). */
  tax: string;
  /**
   * The run's largest fall with its holdings marked at every bar's close, every fill and the end
   * (its Marks, book.ts). null for a run recorded before runs were marked: its fills alone then.
   */
  drawdown?: Decimal.Value | null;
};

export type TrackRecord = {
  runs: number;
  finished: number;
  /**
   * Σ(result − tax) ÷ Σ capital over finished runs, where a run's result is its book's value after
   * its last fill less its capital: what the strategy made, net of its fees and the withholding. An
   * early-stop penalty is the user's cost of breaking the term, not the strategy's, so it is not here
   * (it stays on the user's own order). null before any finished run.
   */
  returnRate: Decimal | null;
  /**
   * Σ(result − tax) ÷ Σ(capital × days at work): the measured "daily rate", a past figure. A run
   * stopped after a few hours counts those hours, not the term it was bought for, so stopping
   * early does not dilute what the strategy made per day.
   */
  dailyRate: Decimal | null;
  /**
   * The worst finished run's fall from its peak, its holdings marked at every bar's close as well
   * as at its fills: a price that fell and came back between two trades is a fall the capital
   * had. The same runs and the same book as the return, so a loss is never larger than it. null
   * before any.
   */
  maxDrawdown: Decimal | null;
  /**
   * Finished runs whose fall is from their fills only (recorded before runs were marked, their
   * bars gone): the worst fall may have been deeper between two of their trades.
   */
  fillsOnly: number;
  wins: number;
  sells: number;
  /** wins ÷ sells (SPEC's "accuracy", measured); null before any sell. */
  winRate: Decimal | null;
  fees: Decimal;
  tax: Decimal;
};

/**
 * The days a run's capital was at work: its whole term when it ran it out, up to the stop when
 * stopped early (never more than the term, never less than 0).
 */
export function daysAtWork(days: number, startedAt: number, stoppedAt: number | null): Decimal {
  if (stoppedAt === null) return new Decimal(days);
  return Decimal.min(days, Decimal.max(0, stoppedAt - startedAt).div(DAY_MS));
}

/** The track record of a strategy, recomputed from its runs' own fills only. */
export function trackRecord(runs: readonly Run[]): TrackRecord {
  let wins = 0;
  let sells = 0;
  let fees = new Decimal(0);
  let tax = new Decimal(0);
  let worst: Decimal | null = null;
  let gain = new Decimal(0);
  let invested = new Decimal(0);
  let capitalDays = new Decimal(0);
  let finished = 0;
  let fillsOnly = 0;
  for (const run of runs) {
    let book = openBook(run.capital);
    let value = book.cash;
    const values = [value];
    for (const fill of run.fills) {
      const applied = applyFill(book, fill);
      book = applied.book;
      fees = fees.plus(fill.fee);
      value = bookValue(book, fill.price);
      values.push(value);
      if (applied.realized) {
        sells++;
        if (applied.realized.gt(0)) wins++;
      }
    }
    tax = tax.plus(run.tax);
    if (!run.ended) continue;
    finished++;
    const atFills = maxDrawdown(values);
    if (run.drawdown === undefined || run.drawdown === null) fillsOnly++;
    const marked = run.drawdown ?? atFills;
    worst = Decimal.max(worst ?? 0, atFills, marked);
    gain = gain.plus(value.minus(run.capital).minus(run.tax));
    invested = invested.plus(run.capital);
    capitalDays = capitalDays.plus(new Decimal(run.capital).times(run.days));
  }
  return {
    runs: runs.length,
    finished,
    returnRate: invested.gt(0) ? gain.div(invested) : null,
    dailyRate: capitalDays.gt(0) ? gain.div(capitalDays) : null,
    maxDrawdown: worst,
    fillsOnly,
    wins,
    sells,
    winRate: sells > 0 ? new Decimal(wins).div(sells) : null,
    fees,
    tax,
  };
}

/**
 * The end of a run: its cash after the last sale, less the disclosed withholding on a realised
 * profit (taxRate of it, cut to 8 decimals) and, on an early stop, the disclosed penalty on
 * the capital (never more than what is there).
 */
export function settle(
  capital: Decimal.Value,
  cash: Decimal.Value,
  taxRate: Decimal.Value,
  penaltyRate: Decimal.Value,
) {
  const result = new Decimal(cash).minus(capital);
  const tax = result.gt(0) ? result.times(taxRate).toDecimalPlaces(8, Decimal.ROUND_DOWN) : new Decimal(0);
  const penalty = Decimal.min(
    new Decimal(capital).times(penaltyRate).toDecimalPlaces(8, Decimal.ROUND_DOWN),
    new Decimal(cash).minus(tax),
  );
  const returned = new Decimal(cash).minus(tax).minus(penalty);
  return { result, tax, penalty, returned };
}
