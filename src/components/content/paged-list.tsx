import type { ReactNode } from 'react';
import type { LiveState } from './use-live-data';
import { LoadMore, type Paged } from './load-more';
import { ErrorState, ListSkeleton } from './state-views';

/**
 * What a loaded screen part shows before its content: a skeleton while it loads, the error with a
 * retry, the empty state; then `children` with the data.
 */
export function LiveBody<T>({
  live,
  onRetry,
  skeletonRows = 4,
  isEmpty,
  empty,
  children,
}: {
  live: LiveState<T>;
  onRetry: () => void;
  skeletonRows?: number;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}): ReactNode {
  if (live.status === 'loading') return <ListSkeleton rows={skeletonRows} />;
  if (live.status === 'error') return <ErrorState error={live.error} onRetry={onRetry} />;
  if (isEmpty(live.data)) return empty;
  return children(live.data);
}

/**
 * A list read a page at a time (usePaged): its first states, then its rows with "load more"
 * under them, laid out by the area's stylesheet (`look`: ipo-list and ipo-more for `ipo`);
 * `header` stands above the rows (a result line).
 */
export function PagedList<T>({
  paged,
  skeletonRows = 3,
  empty,
  look,
  testId,
  moreLabel,
  header,
  children,
}: {
  paged: Paged & { first: LiveState<unknown>; rows: readonly T[]; reload: () => void };
  skeletonRows?: number;
  empty: ReactNode;
  look: 'ipo' | 'ai';
  testId: string;
  moreLabel: string;
  header?: ReactNode;
  children: (row: T) => ReactNode;
}) {
  return (
    <LiveBody
      live={paged.first}
      onRetry={paged.reload}
      skeletonRows={skeletonRows}
      isEmpty={() => paged.rows.length === 0}
      empty={empty}
    >
      {() => (
        <>
          {header}
          <ul className={`${look}-list`} data-testid={testId}>
            {paged.rows.map(children)}
          </ul>
          <LoadMore paged={paged} label={moreLabel} className={`${look}-more`} />
        </>
      )}
    </LiveBody>
  );
}
