/**
 * The page of stocks the Markets tab opens on: the most traded first (stock-page-query.ts's
 * DEFAULT_SORT as the server reads it), its fields in the order call() writes them into the URL.
 * Plain data without imports: index.html's route-preload script (vite-plugins/route-preload.ts,
 * through src/paths/preloaded-routes.ts) asks for it as the page opens, and the tab's own call
 * takes that answer only when its URL is the same (stock-page-query.test.ts holds the two equal).
 */
export const PAGE_SIZE = 30;

export const OPENING_STOCK_PAGE = {
  page: 1,
  size: PAGE_SIZE,
  sort: 'turnover',
  order: 'desc',
  market: 'stock',
} as const;
