import { useState } from 'react';
import type { Page } from '../../../domain/protocol/envelope';
import { useLiveData, type LiveData } from './use-live-data';

export const PAGE_SIZE = 20;

/**
 * A list read a page at a time: the first page stays fresh (useLiveData: focus, account switch,
 * `key`), later pages are appended on "load more" and dropped when the key changes.
 */
export function usePaged<T>(key: string, load: (page: number, size: number) => Promise<Page<T>>) {
  const first: LiveData<Page<T>> = useLiveData(key, () => load(1, PAGE_SIZE));
  const [extra, setExtra] = useState<{ key: string; rows: T[]; page: number }>({ key, rows: [], page: 1 });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const mine = extra.key === key ? extra : { key, rows: [], page: 1 };
  const rows = first.status === 'ready' ? [...first.data.list, ...mine.rows] : [];
  const total = first.status === 'ready' ? first.data.total : 0;

  const more = async () => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = mine.page + 1;
      const next = await load(page, PAGE_SIZE);
      setExtra({ key, rows: [...mine.rows, ...next.list], page });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  /** Shows the skeleton again: a retry after an error. */
  const reload = () => {
    setExtra({ key, rows: [], page: 1 });
    first.reload();
  };

  /** Re-reads the first page behind what is shown (after an action, on a live event): no flash. */
  const refresh = async () => {
    try {
      const page = await load(1, PAGE_SIZE);
      setExtra({ key, rows: [], page: 1 });
      first.update(() => page);
    } catch {
      // What is shown stays; the next refresh or a focus refetch tries again.
    }
  };

  return { first, rows, total, hasMore: rows.length < total, more, loadingMore, moreError, reload, refresh };
}
