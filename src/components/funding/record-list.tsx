import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LiveBody } from '../content/paged-list';
import type { usePaged } from '../content/use-paged';
import { RecordsEmpty } from './records-empty';

/**
 * A deposit or withdrawal record list, lira or coin, read a page at a time: its first states,
 * the empty list's way to make the first one, then the rows and the caller's "more" under them.
 */
export function RecordList<T>({
  paged,
  skeletonRows,
  empty,
  testId,
  more,
  children,
}: {
  paged: ReturnType<typeof usePaged<T>>;
  skeletonRows: number;
  empty: { title: string; href: string; label: string };
  testId: string;
  more: ReactNode;
  children: (row: T) => ReactNode;
}) {
  return (
    <LiveBody
      live={paged.first}
      onRetry={paged.reload}
      skeletonRows={skeletonRows}
      isEmpty={() => paged.rows.length === 0}
      empty={
        <RecordsEmpty
          title={empty.title}
          action={
            <Link className="button button--primary" href={empty.href} data-testid="records-empty-action">
              {empty.label}
            </Link>
          }
        />
      }
    >
      {() => (
        <>
          <ul className="record-list" data-testid={testId}>
            {paged.rows.map(children)}
          </ul>
          {more}
        </>
      )}
    </LiveBody>
  );
}
