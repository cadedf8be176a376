import Decimal from 'decimal.js';
import { applyFill, bookValue, maxDrawdown, openBook, type Fill } from './book';
import { initialState, step, type StrategyParams } from './strategies';

export type Bar = { t: number; close: string };
export type BacktestTerms = { capital: string; feeRate: string; qtyScale: number };
export type BacktestResult = {
  fills: Fill[];
  /** Per bar: the robot's value marked at the close. */
  values: Decimal[];
  final: Decimal;
  returnRate: Decimal;
  maxDrawdown: Decimal;
  wins: number;
  sells: number;
  /** All capital in at the first close (less the fee), marked at the last. */
  holdReturnRate: Decimal;
};

/**
 * A strategy on a candle history, filled at each bar's close with the taker fee — the same step
 * function the live run uses, so the backtest shows what the rules do, labelled as past results.
 * A buy gets qty = spend ÷ (close × (1 + fee)) cut to the quantity scale.
 */
export function backtest(params: StrategyParams, bars: readonly Bar[], terms: BacktestTerms): BacktestResult {
  const feeRate = new Decimal(terms.feeRate);
  let state = initialState(params, terms.capital);
  let book = openBook(terms.capital);
  const fills: Fill[] = [];
  const values: Decimal[] = [];
  let wins = 0;
  let sells = 0;
  for (const bar of bars) {
    const close = new Decimal(bar.close);
    const out = step(params, state, close, { cash: book.cash, qty: book.qty });
    state = out.state;
    const fill = out.decision && fillAt(out.decision, bar, close, feeRate, terms.qtyScale);
    if (fill) {
      const applied = applyFill(book, fill);
      book = applied.book;
      fills.push(fill);
      if (applied.realized) {
        sells++;
        if (applied.realized.gt(0)) wins++;
      }
    }
    values.push(bookValue(book, close));
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
    maxDrawdown: maxDrawdown([capital, ...values]),
    wins,
    sells,
    holdReturnRate,
  };
}

function fillAt(
  decision: NonNullable<ReturnType<typeof step>['decision']>,
  bar: Bar,
  close: Decimal,
  feeRate: Decimal,
  qtyScale: number,
): Fill | null {
  const qty =
    decision.side === 'buy'
      ? decision.spend.div(close.times(feeRate.plus(1))).toDecimalPlaces(qtyScale, Decimal.ROUND_DOWN)
      : decision.qty.toDecimalPlaces(qtyScale, Decimal.ROUND_DOWN);
  if (qty.lte(0)) return null;
  const fee = qty.times(close).times(feeRate);
  return { t: bar.t, side: decision.side, price: bar.close, qty: qty.toFixed(), fee: fee.toFixed() };
}
