import { useSnapshot } from 'valtio';
import { market } from '../../state/market';

export type BookSide = 'bid' | 'ask';

/**
 * One level's quantity. Reading the single leaf `books[symbol].bidQty[price]` is what lets a
 * book patch re-render only the rows whose quantity it changed (ARCHITECTURE rule 7).
 */
export function useBookLevel(symbol: string, side: BookSide, price: string): string | undefined {
  const book = useSnapshot(market).books[symbol];
  if (!book) return undefined;
  return side === 'bid' ? book.bidQty[price] : book.askQty[price];
}
