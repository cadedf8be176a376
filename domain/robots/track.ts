import Decimal from 'decimal.js';
import { applyFill, bookValue, maxDrawdown, openBook, type Fill } from './book';

/** One robot order as the track record reads it: its capital, its fills, and how it ended. */
export type Run = {
  capital: string;
  days: number;
  fills: readonly Fill[];
  /** What went back to the user at the end (after tax and any penalty); null while running. */
  returned: string | null;
  tax: string;
};

export type TrackRecord = {
  runs: number;
  finished: number;
  /** Σ(returned − capital) ÷ Σ capital over finished runs: net of fees, tax and penalties. */
  returnRate: Decimal | null;
  /** Σ(returned − capital) ÷ Σ(capital × days): the measured "daily rate", a past figure. */
  dailyRate: Decimal | null;
  /** The worst run's fall from its peak, marking its book at each fill's price. */
  maxDrawdown: Decimal;
  wins: number;
  sells: number;
  /** wins ÷ sells (SPEC's "accuracy", measured); null before any sell. */
  winRate: Decimal | null;
  fees: Decimal;
  tax: Decimal;
};

/** The track record of a strategy, recomputed from its runs' own fills and ledgered ends. */
export function trackRecord(runs: readonly Run[]): TrackRecord {
  let wins = 0;
  let sells = 0;
  let fees = new Decimal(0);
  let tax = new Decimal(0);
  let worst = new Decimal(0);
  let gain = new Decimal(0);
  let invested = new Decimal(0);
  let capitalDays = new Decimal(0);
  let finished = 0;
  for (const run of runs) {
    let book = openBook(run.capital);
    const values = [book.cash];
    for (const fill of run.fills) {
      const applied = applyFill(book, fill);
      book = applied.book;
      fees = fees.plus(fill.fee);
      values.push(bookValue(book, fill.price));
      if (applied.realized) {
        sells++;
        if (applied.realized.gt(0)) wins++;
      }
    }
    worst = Decimal.max(worst, maxDrawdown(values));
    tax = tax.plus(run.tax);
    if (run.returned === null) continue;
    finished++;
    gain = gain.plus(new Decimal(run.returned).minus(run.capital));
    invested = invested.plus(run.capital);
    capitalDays = capitalDays.plus(new Decimal(run.capital).times(run.days));
  }
  return {
    runs: runs.length,
    finished,
    returnRate: invested.gt(0) ? gain.div(invested) : null,
    dailyRate: capitalDays.gt(0) ? gain.div(capitalDays) : null,
    maxDrawdown: worst,
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
