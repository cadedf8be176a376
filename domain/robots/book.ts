import Decimal from 'decimal.js';

/**
 * A robot's position book, shared by the backtest and the live run so both measure alike:
 * average cost includes buy fees, a sell realises (proceeds − its fee) − qty × average cost.
 * A "winning trade" (SPEC's "accuracy", measured) is a sell that realised more than zero.
 */
export type Fill = { t: number; side: 'buy' | 'sell'; price: string; qty: string; fee: string };
export type Book = { cash: Decimal; qty: Decimal; cost: Decimal };

export const openBook = (capital: Decimal.Value): Book => ({
  cash: new Decimal(capital),
  qty: new Decimal(0),
  cost: new Decimal(0),
});

/** Applies one fill: the new book and what a sell realised (null for a buy). */
export function applyFill(book: Book, fill: Fill): { book: Book; realized: Decimal | null } {
  const qty = new Decimal(fill.qty);
  const amount = qty.times(fill.price);
  const fee = new Decimal(fill.fee);
  if (fill.side === 'buy')
    return {
      book: {
        cash: book.cash.minus(amount).minus(fee),
        qty: book.qty.plus(qty),
        cost: book.cost.plus(amount).plus(fee),
      },
      realized: null,
    };
  const share = book.qty.gt(0) ? book.cost.times(qty).div(book.qty) : new Decimal(0);
  const realized = amount.minus(fee).minus(share);
  return {
    book: { cash: book.cash.plus(amount).minus(fee), qty: book.qty.minus(qty), cost: book.cost.minus(share) },
    realized,
  };
}

/** Cash plus the holding marked at `price`. */
export const bookValue = (book: Book, price: Decimal.Value): Decimal => book.cash.plus(book.qty.times(price));

/**
 * A run's marks so far: the highest value its holdings had and the largest fall from such a
 * peak, as a share of it. Kept as a fold so a live run can carry it between bars.
 */
export type Marks = { peak: Decimal; drawdown: Decimal };

export const openMarks = (capital: Decimal.Value): Marks => ({
  peak: new Decimal(capital),
  drawdown: new Decimal(0),
});

/** One more mark of the holdings' value (at a bar's close, at a fill, at the end). */
export function markValue(marks: Marks, value: Decimal): Marks {
  if (value.gt(marks.peak)) return { peak: value, drawdown: marks.drawdown };
  if (!marks.peak.gt(0)) return marks;
  return { peak: marks.peak, drawdown: Decimal.max(marks.drawdown, marks.peak.minus(value).div(marks.peak)) };
}

/** Largest fall from a running peak, as a share of that peak (0 when it never fell). */
export function maxDrawdown(values: readonly Decimal[]): Decimal {
  return values.reduce(markValue, openMarks(0)).drawdown;
}
