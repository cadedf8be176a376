import Decimal from 'decimal.js';
import { applyFill, bookValue, markValue, openBook, openMarks, type Fill } from './book';
import { orderQty, worstFillPrice } from './fill';
import { initialState, step, type Decision, type StrategyParams } from './strategies';

/** A closed bar: its open (where the decision of the bar before it fills) and its close (its mark). */
export type Bar = { t: number; open: string; close: string };
export type BacktestTerms = { capital: string; feeRate: string; qtyScale: number; priceScale: number };
export type BacktestResult = {
  fills: Fill[];
  /** Per bar: the robot's value marked at its close, after that bar's fill. */
  values: Decimal[];
  final: Decimal;
  returnRate: Decimal;
  /** From the capital and every bar's mark: the fall the holdings had, not only at fills. */
  maxDrawdown: Decimal;
  wins: number;
  sells: number;
  /** All capital in at the first close (less the fee), marked at the last. */
  holdReturnRate: Decimal;
};

/**
 * A strategy on a candle history with the same step function the live run uses. A decision
 * taken on a bar's close fills at the next bar's open at the worst price a live order accepts
 * (domain/robots/fill.ts), with the taker fee, so the backtest never fills better than a live
 * run could; a decision on the last bar has no next bar and does not fill. Every bar is marked
 * at its close.
 */
export function backtest(params: StrategyParams, bars: readonly Bar[], terms: BacktestTerms): BacktestResult {
  const feeRate = new Decimal(terms.feeRate);
  let state = initialState(params, terms.capital);
  let book = openBook(terms.capital);
  let marks = openMarks(terms.capital);
  let pending: Decision | null = null;
  const fills: Fill[] = [];
  const values: Decimal[] = [];
  let wins = 0;
  let sells = 0;
  for (const bar of bars) {
    const fill = pending && fillAt(pending, bar, book.qty, feeRate, terms);
    if (fill) {
      const applied = applyFill(book, fill);
      book = applied.book;
      fills.push(fill);
      marks = markValue(marks, bookValue(book, fill.price));
      if (applied.realized) {
        sells++;
        if (applied.realized.gt(0)) wins++;
      }
    }
    const close = new Decimal(bar.close);
    const out = step(params, state, close, { cash: book.cash, qty: book.qty });
    state = out.state;
    pending = out.decision;
    const value = bookValue(book, close);
    marks = markValue(marks, value);
    values.push(value);
  }
  const capital = new Decimal(terms.capital);
  const final = values.at(-1) ?? capital;
  const first = bars[0];
  const last = bars.at(-1);
  const holdReturnRate =
    first && last
      ? new Decimal(last.close).div(new Decimal(first.close).times(feeRate.plus(1))).minus(1)
      : new Decimal(0);
  return {
    fills,
    values,
    final,
    returnRate: final.div(capital).minus(1),
    maxDrawdown: marks.drawdown,
    wins,
    sells,
    holdReturnRate,
  };
}

function fillAt(
  decision: Decision,
  bar: Bar,
  held: Decimal,
  feeRate: Decimal,
  terms: BacktestTerms,
): Fill | null {
  const price = worstFillPrice(decision.side, bar.open, terms.priceScale);
  const qty = orderQty(decision, price, feeRate, held, terms.qtyScale);
  if (qty.lte(0)) return null;
  const fee = qty.times(price).times(feeRate);
  return { t: bar.t, side: decision.side, price: price.toFixed(), qty: qty.toFixed(), fee: fee.toFixed() };
}
