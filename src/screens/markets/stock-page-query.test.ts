import { describe, expect, it } from 'vitest';
import { OPENING_STOCK_PAGE } from './opening-stock-page';
import { DEFAULT_SORT, stockPageQuery } from './stock-page-query';
import { encodePayload } from '../../api/request';

describe('the Markets tab opening page', () => {
  it('is the query the tab calls with first, field for field and in the same order', () => {
    // The page's script asks with OPENING_STOCK_PAGE; the tab's call is taken only for the same URL.
    expect(encodePayload(OPENING_STOCK_PAGE)).toBe(encodePayload(stockPageQuery(1, DEFAULT_SORT)));
    expect(encodePayload(OPENING_STOCK_PAGE)).toBe('page=1&size=30&sort=turnover&order=desc&market=stock');
    // The script builds its URL as `new URLSearchParams(query)`, numbers and all (plain JS there).
    const asScript = new URLSearchParams(OPENING_STOCK_PAGE as unknown as Record<string, string>);
    expect(asScript.toString()).toBe(encodePayload(OPENING_STOCK_PAGE));
  });

  it('asks the server for the sort the reader picked', () => {
    expect(stockPageQuery(3, { field: 'change', direction: 'asc' })).toEqual({
      page: 3,
      size: 30,
      sort: 'changePct',
      order: 'asc',
      market: 'stock',
    });
  });
});
