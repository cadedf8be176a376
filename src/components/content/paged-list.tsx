// Its own module: only lazy screens use these, and state-views is on the first load of `/`.
import type { ReactNode } from 'react';
import type { LiveState } from './use-live-data';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from './state-views';
import { Button, ButtonLink } from '../button';

export type Paged = { hasMore: boolean; loadingMore: boolean; moreError: unknown; more: () => Promise<void> };

/**
 * "Load more" under a paged list, with its own error line: a failed page never hides the rows
 * already shown. The label and the area's layout class are the caller's.
 */
export function LoadMore({ paged, label, className }: { paged: Paged; label: string; className: string }) {
  const errorText = useErrorText();
  if (!paged.hasMore) return null;
  return (
    <div className={className}>
      {paged.moreError !== null && (
        <p className="field__error" role="alert">
          {errorText(paged.moreError)}
        </p>
      )}
      <Button
        testId="load-more"
        disabled={paged.loadingMore}
        aria-busy={paged.loadingMore || undefined}
        onClick={() => void paged.more()}
      >
        {label}
      </Button>
    </div>
  );
}

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
 * under them: a card list, which the area's stylesheet may adjust (`look`: ai-list, ipo-more);
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
    <PagedBody paged={paged} skeletonRows={skeletonRows} empty={empty}>
      {() => (
        <>
          {header}
          <ul className={`card-list ${look}-list`} data-testid={testId}>
            {paged.rows.map(children)}
          </ul>
          <LoadMore paged={paged} label={moreLabel} className={`${look}-more`} />
        </>
      )}
    </PagedBody>
  );
}

/** LiveBody for a list read a page at a time: empty when its first page has no rows. */
export function PagedBody({
  paged,
  skeletonRows,
  empty,
  children,
}: {
  paged: { first: LiveState<unknown>; rows: readonly unknown[]; reload: () => void };
  skeletonRows: number;
  empty: ReactNode;
  children: () => ReactNode;
}) {
  return (
    <LiveBody
      live={paged.first}
      onRetry={paged.reload}
      skeletonRows={skeletonRows}
      isEmpty={() => paged.rows.length === 0}
      empty={empty}
    >
      {children}
    </LiveBody>
  );
}

/**
 * An empty state whose next step is a list to pick from: a screen opened without the item it
 * shows (a link cut short, never a validation message or "not found"), or a list with nothing in
 * it yet that leads to where its rows come from.
 */
export function PickState(props: {
  title: string;
  body?: string;
  href: string;
  label: string;
  testId: string;
  /** The link as a secondary button, where the screen's primary action is elsewhere. */
  secondary?: boolean;
}) {
  return (
    <EmptyState
      title={props.title}
      body={props.body}
      action={
        <ButtonLink href={props.href} look={props.secondary ? 'secondary' : 'primary'} testId={props.testId}>
          {props.label}
        </ButtonLink>
      }
    />
  );
}
