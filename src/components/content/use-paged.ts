import { useRef, useState } from 'react';
import type { Page } from '../../../domain/protocol/envelope';
import { useLiveData, type LiveData, type LiveOptions } from './use-live-data';

export const PAGE_SIZE = 20;

/** A row's id, when it has one: what "load more" leaves out when a page repeats it. */
function idOf(row: unknown): string | null {
  const id = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}

/** `next` without the rows already shown (by id): an offset page repeats one per row added above. */
function fresh<T>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map(idOf).filter((id) => id !== null));
  return next.filter((row) => {
    const id = idOf(row);
    if (id === null) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * A list read a page at a time: the first page stays fresh (useLiveData: focus, account switch,
 * `key`), later pages are appended on "load more" and dropped when the key changes. `load` gets
 * the last row shown (`after`) for a server that pages from it (`before`): rows added or removed
 * above it while the user scrolls then neither repeat nor skip one. A page never shows a row twice
 * either way, and an empty or short page ends the list even if the first page's total said more.
 */
export function usePaged<T>(
  key: string,
  load: (page: number, size: number, after?: NoInfer<T>) => Promise<Page<T>>,
  /** False: nothing is read yet (a tab not shown); the list stays loading. */
  enabled = true,
  /** useLiveData's: `keep` keeps the first page across visits. */
  options?: LiveOptions,
) {
  const first: LiveData<Page<T>> = useLiveData(key, () => load(1, PAGE_SIZE), enabled, options);
  const [extra, setExtra] = useState<{ key: string; rows: T[]; page: number; ended: boolean }>({
    key,
    rows: [],
    page: 1,
    ended: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  // The newest refresh: an older one's answer arriving after it is dropped (a fill, then a cancel).
  const refreshes = useRef(0);
  const mine = extra.key === key ? extra : { key, rows: [], page: 1, ended: false };
  const rows = first.status === 'ready' ? [...first.data.list, ...mine.rows] : [];
  const total = first.status === 'ready' ? first.data.total : 0;

  const more = async () => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = mine.page + 1;
      const next = await load(page, PAGE_SIZE, rows[rows.length - 1]);
      const added = fresh(rows, next.list);
      setExtra({ key, rows: [...mine.rows, ...added], page, ended: next.list.length < PAGE_SIZE });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  /** Shows the skeleton again: a retry after an error. */
  const reload = () => {
    setExtra({ key, rows: [], page: 1, ended: false });
    first.reload();
  };

  /**
   * Re-reads the first page behind what is shown (after an action, on a live event): no flash.
   * `keepMore`: the pages loaded below stay, less the rows the new first page now holds — for a
   * list whose rows only ever come in at the top (a history): a user deep in it is not thrown
   * back to the first 20 by each fill. Without it the list goes back to its first page.
   */
  const refresh = async ({ keepMore = false }: { keepMore?: boolean } = {}) => {
    const asked = ++refreshes.current;
    try {
      const page = await load(1, PAGE_SIZE);
      if (asked !== refreshes.current) return;
      const kept = keepMore && mine.rows.length > 0 ? fresh(page.list, rows) : [];
      setExtra(kept.length > 0 ? { ...mine, rows: kept } : { key, rows: [], page: 1, ended: false });
      first.update(() => page);
    } catch {
      // What is shown stays; the next refresh or a focus refetch tries again.
    }
  };

  /** Changes rows in place (e.g. marks a message read), on the first page and the ones after it. */
  const update = (change: (row: T) => T) => {
    first.update((page) => ({ ...page, list: page.list.map(change) }));
    setExtra((current) => (current.key === key ? { ...current, rows: current.rows.map(change) } : current));
  };

  const hasMore = rows.length < total && !mine.ended;
  return { first, rows, total, hasMore, more, loadingMore, moreError, reload, refresh, update };
}
