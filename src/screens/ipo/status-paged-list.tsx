import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Page } from '../../../domain/protocol/envelope';
import { PagedList } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { FilterChips } from './filter-chips';

/**
 * A list read a page at a time and filtered by status: the chosen chip is part of the data key,
 * so each filter is its own cached list; "all" asks the server for no status.
 */
export function useStatusPaged<S extends string, T>(
  key: string,
  initial: S | 'all',
  load: (status: S | undefined, page: number, size: number) => Promise<Page<T>>,
) {
  const [filter, setFilter] = useState<S | 'all'>(initial);
  const status = filter === 'all' ? undefined : filter;
  const paged = usePaged(`${key}-${filter}`, (page, size) => load(status, page, size));
  return { filter, setFilter, paged };
}

/** The status chips above the list, which is pulled to refresh; the rows are the caller's. */
export function StatusPagedList<S extends string, T>({
  list: { filter, setFilter, paged },
  filters,
  label,
  text,
  empty,
  testId,
  onRefresh,
  children,
}: {
  list: ReturnType<typeof useStatusPaged<S, T>>;
  filters: readonly (S | 'all')[];
  label: string;
  text: (option: S | 'all') => string;
  empty: ReactNode;
  testId: string;
  onRefresh: () => Promise<unknown> | void;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('ipo');
  return (
    <div className="ipo-stack">
      <FilterChips label={label} value={filter} options={filters} text={text} onChange={setFilter} />
      <PullToRefresh onRefresh={onRefresh}>
        <PagedList
          paged={paged}
          skeletonRows={4}
          empty={empty}
          look="ipo"
          testId={testId}
          moreLabel={t('list.more')}
        >
          {children}
        </PagedList>
      </PullToRefresh>
    </div>
  );
}
