// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/protocol/envelope';
import { PAGE_SIZE, usePaged } from '../../src/components/content/use-paged';

type Row = { id: string };

/** A newest-first list paged from the last row shown, as the broker's `before` does. */
function list(n: number, top = 1000) {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({ id: String(top - i) }));
  const load = async (page: number, size: number, after?: Row): Promise<Page<Row>> => {
    const from = after ? rows.findIndex((r) => r.id === after.id) + 1 : (page - 1) * size;
    return { list: rows.slice(from, from + size), total: rows.length, page, size };
  };
  return { rows, load };
}

afterEach(cleanup);

/**
 * A heavy account's order history: the user has read three pages when one of their orders fills.
 * The live refresh re-reads the first page; it must not throw away the pages read below it.
 */
describe('usePaged refresh at depth', () => {
  async function threePagesRead(n = 70) {
    const source = list(n);
    const hook = renderHook(() => usePaged<Row>('history', source.load));
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(PAGE_SIZE));
    await act(() => hook.result.current.more());
    await act(() => hook.result.current.more());
    expect(hook.result.current.rows).toHaveLength(3 * PAGE_SIZE);
    return { source, hook };
  }

  it('keeps the pages read when told to, with the new rows on top and none twice', async () => {
    const { source, hook } = await threePagesRead();
    source.rows.unshift({ id: '1001' }, { id: '1002' }); // two fills while reading
    source.rows.sort((a, b) => Number(b.id) - Number(a.id));
    await act(() => hook.result.current.refresh({ keepMore: true }));
    const ids = hook.result.current.rows.map((r) => r.id);
    expect(ids).toEqual(source.rows.slice(0, 3 * PAGE_SIZE + 2).map((r) => r.id));
    // And "load more" goes on from the oldest row shown.
    await act(() => hook.result.current.more());
    expect(hook.result.current.rows.map((r) => r.id)).toEqual(source.rows.map((r) => r.id));
    expect(hook.result.current.hasMore).toBe(false);
  });

  it('goes back to the first page without it (a list whose rows also leave, like open orders)', async () => {
    const { hook } = await threePagesRead();
    await act(() => hook.result.current.refresh());
    expect(hook.result.current.rows).toHaveLength(PAGE_SIZE);
  });

  it('applies only the newest refresh when an older answer arrives last', async () => {
    const answers: ((page: Page<Row>) => void)[] = [];
    const hook = renderHook(() =>
      usePaged<Row>('orders', () => new Promise<Page<Row>>((resolve) => answers.push(resolve))),
    );
    const page = (id: string): Page<Row> => ({ list: [{ id }], total: 1, page: 1, size: PAGE_SIZE });
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]!(page('first')));
    let older!: Promise<void>;
    let newer!: Promise<void>;
    act(() => {
      older = hook.result.current.refresh();
      newer = hook.result.current.refresh();
    });
    await act(async () => {
      answers[2]!(page('after the cancel'));
      await newer;
      answers[1]!(page('after the fill'));
      await older;
    });
    expect(hook.result.current.rows.map((r) => r.id)).toEqual(['after the cancel']);
  });
});
