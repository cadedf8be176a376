import { useCallback, useEffect, useState } from 'react';
import { journalEndpoints } from '../../../domain/protocol/endpoints/learn';
import type { JournalTrade } from '../../../domain/protocol/learn';
import type { JournalProduct } from '../../../domain/journal/trade';
import { call } from '../../api/call';

export type JournalLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; list: JournalTrade[]; total: number; page: number };

const SIZE = 20;

/** The journal's closed trades, newest first, a page at a time; one product or all. */
export function useJournal(product: JournalProduct | 'all') {
  const [load, setLoad] = useState<JournalLoad>({ status: 'loading' });

  const read = useCallback(
    async (page: number) => {
      try {
        const input = { page, size: SIZE, ...(product === 'all' ? {} : { product }) };
        const got = await call(journalEndpoints.list, input, { silent: true });
        setLoad((now) => ({
          status: 'ready',
          list: page > 1 && now.status === 'ready' ? [...now.list, ...got.list] : got.list,
          total: got.total,
          page,
        }));
      } catch (error) {
        setLoad((now) => (now.status === 'ready' && page > 1 ? now : { status: 'failed', error }));
      }
    },
    [product],
  );

  useEffect(() => {
    setLoad({ status: 'loading' });
    void read(1);
  }, [read]);

  const retry = () => {
    setLoad({ status: 'loading' });
    void read(1);
  };
  const more = () => load.status === 'ready' && void read(load.page + 1);
  /** A note saved: the row shows it without reading the list again. */
  const noted = (id: string, tags: string[], note: string) =>
    setLoad((now) =>
      now.status === 'ready'
        ? { ...now, list: now.list.map((t) => (t.id === id ? { ...t, tags, note } : t)) }
        : now,
    );
  return { load, retry, more, noted };
}
