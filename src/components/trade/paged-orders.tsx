import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { usePaged } from '../content/use-paged';
import { EmptyState, ErrorState, ListSkeleton } from '../content/state-views';
import { paths } from '../../routes/paths';

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
  const first = list.first;
  if (first.status === 'loading') return <ListSkeleton rows={4} />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={list.reload} />;
  if (list.rows.length === 0)
    return (
      <EmptyState
        title={empty.title}
        body={empty.body}
        action={
          <Link href={paths.trade} className="button button--primary" data-testid={empty.testId}>
            {empty.label}
          </Link>
        }
      />
    );
  return (
    <>
      {children}
      {list.hasMore && (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.loadingMore}
          onClick={() => void list.more()}
        >
          {moreLabel}
        </button>
      )}
    </>
  );
}
