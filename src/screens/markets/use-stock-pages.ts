import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { askEarly, call } from '../../api/call';
import { fromStockQuote, type RowQuote } from '../../market/quote';
import type { Sort } from '../../market/sort';
import { stockPageQuery } from './stock-page-query';

export type StockPages =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; rows: RowQuote[]; total: number; page: number; more: 'idle' | 'loading' | 'error' };

/** Asks for the first page now, for a list about to mount (src/api/early.ts says why). */
export function prefetchStockPage(sort: Sort): void {
  askEarly(firstLoad.stockList, stockPageQuery(1, sort));
}

/** Appends rows not listed yet: prices move between two page loads, so a row may shift pages. */
function merge(rows: RowQuote[], next: RowQuote[]): RowQuote[] {
  const seen = new Set(rows.map((row) => row.symbol));
  return [...rows, ...next.filter((row) => !seen.has(row.symbol))];
}

/** The stock list sorted by the server, page by page ("more" appends the next page). */
export function useStockPages(sort: Sort): StockPages & { retry: () => void; loadMore: () => void } {
  const [state, setState] = useState<StockPages>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const current = useRef(state);
  // Which list a "more" answer belongs to: a sort change in between makes it stale.
  const generation = useRef(0);
  useLayoutEffect(() => {
    current.current = state;
  });
  const { field, direction } = sort;
  const query = useCallback(
    (page: number) => {
      const by = { field, direction };
      return call(firstLoad.stockList, stockPageQuery(page, by), { silent: true });
    },
    [field, direction],
  );

  useEffect(() => {
    let live = true;
    generation.current += 1;
    setState({ status: 'loading' });
    query(1).then(
      (answer) => {
        if (live)
          setState({
            status: 'ready',
            rows: answer.list.map(fromStockQuote),
            total: answer.total,
            page: 1,
            more: 'idle',
          });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [query, attempt]);

  const loadMore = useCallback(() => {
    const before = current.current;
    if (before.status !== 'ready' || before.more === 'loading') return;
    const mine = generation.current;
    setState({ ...before, more: 'loading' });
    query(before.page + 1).then(
      (answer) => {
        const now = current.current;
        if (now.status !== 'ready' || mine !== generation.current) return;
        setState({
          ...now,
          rows: merge(now.rows, answer.list.map(fromStockQuote)),
          total: answer.total,
          page: before.page + 1,
          more: 'idle',
        });
      },
      () => {
        const now = current.current;
        if (now.status === 'ready' && mine === generation.current) setState({ ...now, more: 'error' });
      },
    );
  }, [query]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry, loadMore };
}
