import Decimal from 'decimal.js';
import type { BookSnapshot } from '../../domain/protocol/market';
import type { ExecFill, ExecRequest } from './source';

/**
 * Fills a taker order against a book snapshot without moving it: what a read-only source (an
 * exchange's public feed, a scripted test source) can honestly offer. Levels are walked best
 * first, never past the limit; the fills are the levels' own prices.
 */
export function walkSnapshot(
  book: BookSnapshot | undefined,
  request: ExecRequest,
  t: number,
  nextId: () => string,
): ExecFill[] {
  if (!book) return [];
  const levels = request.side === 'buy' ? book.asks : book.bids;
  const limit = request.limit === null ? null : new Decimal(request.limit);
  let left = new Decimal(request.qty);
  const fills: ExecFill[] = [];
  for (const [price, qty] of levels) {
    if (left.lte(0)) break;
    const p = new Decimal(price);
    if (limit && (request.side === 'buy' ? p.gt(limit) : p.lt(limit))) break;
    const take = Decimal.min(left, qty);
    if (take.lte(0)) continue;
    fills.push({ tradeId: nextId(), t, price, qty: take.toFixed() });
    left = left.minus(take);
  }
  return fills;
}
