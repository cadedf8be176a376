import './texts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { LoadMore, PagedBody } from '../content/paged-list';
import type { usePaged } from '../content/use-paged';
import { RecordsEmpty } from './records-empty';
import { ButtonLink } from '../button';

/**
 * A deposit or withdrawal record list, lira or coin, read a page at a time: its first states,
 * the empty list's way to make the first one, then the rows and "load more" under them (`more`:
 * the coin lists' own).
 */
export function RecordList<T>({
  paged,
  skeletonRows = 5,
  empty,
  testId,
  more,
  children,
}: {
  paged: ReturnType<typeof usePaged<T>>;
  skeletonRows?: number;
  empty: { title: string; href: string; label: string };
  testId: string;
  more?: ReactNode;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('funding');
  const emptyState = (
    <RecordsEmpty
      title={empty.title}
      action={
        <ButtonLink href={empty.href} testId="records-empty-action">
          {empty.label}
        </ButtonLink>
      }
    />
  );
  return (
    <PagedBody paged={paged} skeletonRows={skeletonRows} empty={emptyState}>
      {() => (
        <>
          <ul className="card-list" data-testid={testId}>
            {paged.rows.map(children)}
          </ul>
          {more ?? <LoadMore paged={paged} label={t('records.more')} className="load-more" />}
        </>
      )}
    </PagedBody>
  );
}
