/** The stock list's query, page by page, by the tab's sort. */
import type { StockListSort } from '../../../domain/protocol/market';
import type { Sort, SortField } from '../../market/sort';
import { PAGE_SIZE } from './opening-stock-page';

/** The tab's sort until the reader picks another: the most traded first. */
export const DEFAULT_SORT: Sort = { field: 'volume', direction: 'desc' };

const SERVER_SORT: Record<SortField, StockListSort> = {
  symbol: 'symbol',
  price: 'price',
  change: 'changePct',
  volume: 'turnover',
};

export function stockPageQuery(page: number, sort: Sort) {
  return {
    page,
    size: PAGE_SIZE,
    sort: SERVER_SORT[sort.field],
    order: sort.direction,
    market: 'stock',
  } as const;
}
