import '../../styles/market.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { FeedBadge } from '../../components/market/feed-badge';
import { useBistSession } from '../../components/market/use-bist-session';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import type { Sort, SortField } from '../../market/sort';
import { SortHeader } from './sort-header';
import { StocksPanel } from './stocks-panel';

const FIELDS: readonly string[] = ['symbol', 'price', 'change', 'volume'] satisfies SortField[];

/** `?sort=change&dir=asc` opens the list already sorted (the Home tab's "see all" links do). */
function initialSort(search: string): Sort {
  const params = new URLSearchParams(search);
  const field = params.get('sort') ?? 'volume';
  const direction = params.get('dir') === 'asc' ? 'asc' : 'desc';
  return FIELDS.includes(field) ? { field: field as SortField, direction } : { field: 'volume', direction };
}

/** /pages/stock/list: every BIST stock, paged, sortable. */
export default function StockListScreen() {
  const { t } = useTranslation('market');
  const search = useSearch();
  const [sort, setSort] = useState<Sort>(() => initialSort(search));
  const session = useBistSession();
  return (
    <Screen className="stock-list-screen">
      <Navbar title={t('stocks.title')} right={<FeedBadge session={session} bist />} />
      <div className="screen__body">
        <SortHeader sort={sort} onSort={setSort} unit="TL" />
        <StocksPanel sort={sort} />
      </div>
    </Screen>
  );
}
