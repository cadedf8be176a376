import type { ReactNode } from 'react';
import type { usePaged } from '../content/use-paged';
import { LiveBody, PickState } from '../content/paged-list';
import { paths } from '../../paths/paths';
import { Button } from '../button';

type PagedList<T> = Pick<
  ReturnType<typeof usePaged<T>>,
  'first' | 'rows' | 'hasMore' | 'loadingMore' | 'more' | 'reload'
>;

/**
 * An order list read a page at a time, in its four states: loading, failed, empty (with a way to
 * the trade screen, where orders are placed) and the rows with "more" under them.
 */
export function PagedOrders<T>({
  list,
  empty,
  moreLabel,
  children,
}: {
  list: PagedList<T>;
  empty: { title: string; body: string; label: string; testId: string };
  moreLabel: string;
  children: ReactNode;
}) {
  return (
    <LiveBody
      live={list.first}
      onRetry={list.reload}
      isEmpty={() => list.rows.length === 0}
      empty={
        <PickState
          title={empty.title}
          body={empty.body}
          href={paths.trade}
          label={empty.label}
          testId={empty.testId}
        />
      }
    >
      {() => (
        <>
          {children}
          {list.hasMore && (
            <Button disabled={list.loadingMore} onClick={() => void list.more()}>
              {moreLabel}
            </Button>
          )}
        </>
      )}
    </LiveBody>
  );
}
