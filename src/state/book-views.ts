import { proxy } from 'valtio';
import { LIVE_BOOK, type BookView } from '../../domain/market-data/book-view';

/**
 * Each symbol's book view as the user chose it (grouping, pace), for the session: the worker keeps
 * the same per symbol, so a screen that shows the book again shows it as it was left, and says so.
 */
export const bookViews = proxy<Record<string, BookView>>({});

export function bookViewOf(symbol: string): BookView {
  return bookViews[symbol] ?? LIVE_BOOK;
}

export function chooseBookView(symbol: string, change: Partial<BookView>): void {
  bookViews[symbol] = { ...bookViewOf(symbol), ...change };
}
