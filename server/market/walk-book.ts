import Decimal from 'decimal.js';
import type { BookSnapshot } from '../../domain/protocol/market';
import { walkLevels } from '../../domain/trade/book-walk';
import type { ExecFill, ExecRequest } from './source';

/**
 * Fills a taker order against a book snapshot without moving it: what a read-only source (an
 * exchange's public feed, a scripted test source) can honestly offer. Levels are walked best
 * first, never past the limit; the fills are the levels' own prices (domain/trade/book-walk,
 * the walk an order preview makes).
 */
export function walkSnapshot(
  book: BookSnapshot | undefined,
  request: ExecRequest,
  t: number,
  nextId: () => string,
): ExecFill[] {
  if (!book) return [];
  const levels = request.side === 'buy' ? book.asks : book.bids;
  return walkLevels(levels, request.side, request.qty, request.limit).map((fill) => ({
    tradeId: nextId(),
    t,
    ...fill,
  }));
}

/**
 * Taker orders against a book we can't move (an exchange's public feed): what our fills took
 * stays taken until the book's next update, so two orders in a row never both fill the same
 * displayed quantity (DECISIONS §2: fills are levels the source showed, and no more of them).
 */
export function readOnlyExecutor(
  book: (symbol: string) => BookSnapshot | undefined,
  now: () => number,
  idPrefix: string,
): (request: ExecRequest) => ExecFill[] {
  let fillId = 0;
  const taken = new Map<string, { seq: number; qty: Map<string, Decimal> }>();
  return (request) => {
    const snapshot = book(request.symbol);
    if (!snapshot) return [];
    let mine = taken.get(request.symbol);
    if (!mine || mine.seq !== snapshot.seq)
      taken.set(request.symbol, (mine = { seq: snapshot.seq, qty: new Map() }));
    const key = (price: string) => `${request.side}:${price}`;
    const left = (levels: [string, string][]) =>
      levels.map(([price, qty]): [string, string] => {
        const used = mine.qty.get(key(price));
        return [price, used ? Decimal.max(0, new Decimal(qty).minus(used)).toFixed() : qty];
      });
    const shown =
      request.side === 'buy'
        ? { ...snapshot, asks: left(snapshot.asks) }
        : { ...snapshot, bids: left(snapshot.bids) };
    const fills = walkSnapshot(shown, request, now(), () => `${idPrefix}${++fillId}`);
    for (const fill of fills)
      mine.qty.set(key(fill.price), (mine.qty.get(key(fill.price)) ?? new Decimal(0)).plus(fill.qty));
    return fills;
  };
}
