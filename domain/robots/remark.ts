import type Decimal from 'decimal.js';
import {
  applyFill,
  bookValue,
  markValue,
  maxDrawdown,
  openBook,
  openMarks,
  type Fill,
  type Marks,
} from './book';

/** A bar as a re-mark reads it: its open time and its close. */
export type MarkBar = { t: number; c: string };

export type RemarkInput = {
  capital: Decimal.Value;
  /** The run's fills, in the order they were booked. */
  fills: readonly Fill[];
  /** The bars the run stepped on: every one from `firstBarT` to `lastBarT`, `intervalMs` apart. */
  bars: readonly MarkBar[];
  intervalMs: number;
  firstBarT: number;
  /** The last bar it stepped on (its lastBarT); below firstBarT when it stepped on none. */
  lastBarT: number;
};

/**
 * A run recorded before runs were marked, marked again as a live run marks itself (book.ts):
 * each bar's close marks what was held through the bar (the fills its decision made come after
 * its close), each fill marks the book at its price. null when a bar the run stepped on is
 * missing: a fall cannot be measured on bars that are not there, and such a run keeps its
 * drawdown from fills only.
 */
export function remarkRun(input: RemarkInput): Marks | null {
  const { intervalMs, firstBarT, lastBarT } = input;
  const byT = new Map(input.bars.map((b) => [b.t, b.c]));
  let book = openBook(input.capital);
  let marks = openMarks(input.capital);
  let next = 0;
  const fillsBefore = (t: number) => {
    for (; next < input.fills.length && input.fills[next]!.t < t; next++) {
      const fill = input.fills[next]!;
      book = applyFill(book, fill).book;
      marks = markValue(marks, bookValue(book, fill.price));
    }
  };
  for (let t = firstBarT; t <= lastBarT; t += intervalMs) {
    const close = byT.get(t);
    if (close === undefined) return null;
    fillsBefore(t + intervalMs);
    marks = markValue(marks, bookValue(book, close));
  }
  fillsBefore(Infinity);
  return marks;
}

/** A run's largest fall with its book marked at its fills only (what an unmarked run shows). */
export function fillsDrawdown(capital: Decimal.Value, fills: readonly Fill[]): Decimal {
  let book = openBook(capital);
  const values = [book.cash];
  for (const fill of fills) {
    book = applyFill(book, fill).book;
    values.push(bookValue(book, fill.price));
  }
  return maxDrawdown(values);
}
