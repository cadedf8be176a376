import { beforeEach, describe, expect, it } from 'vitest';
import { applyPatch, resetMarket } from '../state/market';
import { fromStockQuote, sortQuotes } from './quote';
import { SAMPLE_STOCKS } from '../../tests/support/sample-market';
import { addToHistory, SEARCH_HISTORY_MAX } from './search-history';
import { compareDecimals, nextSort, sortRows } from './sort';

describe('search history', () => {
  it('puts the latest first, once, trimmed and case-insensitively', () => {
    expect(addToHistory(['ASELS', 'THYAO'], ' thyao ')).toEqual(['thyao', 'ASELS']);
    expect(addToHistory(['ASELS'], '   ')).toEqual(['ASELS']);
    expect(addToHistory([], 'GARAN')).toEqual(['GARAN']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX}`, () => {
    let history: string[] = [];
    for (let n = 0; n < 15; n++) history = addToHistory(history, `S${n}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('S14');
    expect(history.at(-1)).toBe('S5');
  });
});

describe('sorting', () => {
  const row = (symbol: string, last: string, pct = '0', vol = '0') => ({ symbol, last, pct, vol });

  it('compares decimal strings exactly, unknown values apart', () => {
    expect(compareDecimals('0.1', '0.10000000000000001')).toBe(-1);
    expect(compareDecimals('10', '9.99')).toBe(1);
    expect(compareDecimals('', '1')).toBeNull();
    expect(compareDecimals('--', '')).toBe(0);
  });

  it('orders by a column both ways, ties by symbol, unknown values always last', () => {
    const rows = [row('B', '2'), row('A', '2'), row('C', ''), row('D', '10')];
    const desc = sortRows(rows, { field: 'price', direction: 'desc' }).map((r) => r.symbol);
    const asc = sortRows(rows, { field: 'price', direction: 'asc' }).map((r) => r.symbol);
    expect(desc).toEqual(['D', 'A', 'B', 'C']);
    expect(asc).toEqual(['A', 'B', 'D', 'C']);
    expect(sortRows(rows, { field: 'symbol', direction: 'desc' }).map((r) => r.symbol)).toEqual([
      'D',
      'C',
      'B',
      'A',
    ]);
  });

  it('starts a new column descending (names ascending) and flips a repeated one', () => {
    expect(nextSort({ field: 'price', direction: 'desc' }, 'change')).toEqual({
      field: 'change',
      direction: 'desc',
    });
    expect(nextSort({ field: 'price', direction: 'desc' }, 'symbol')).toEqual({
      field: 'symbol',
      direction: 'asc',
    });
    expect(nextSort({ field: 'price', direction: 'desc' }, 'price')).toEqual({
      field: 'price',
      direction: 'asc',
    });
  });
});

describe('sortQuotes', () => {
  beforeEach(resetMarket);

  it('uses live figures where a ticker has arrived', () => {
    const quotes = SAMPLE_STOCKS.map(fromStockQuote);
    const byChange = () => sortQuotes(quotes, { field: 'change', direction: 'desc' }).map((q) => q.symbol);
    expect(byChange().slice(0, 2)).toEqual(['GARAN', 'THYAO']);
    applyPatch({ tickers: { SASA: { symbol: 'SASA', last: '4.60', pct: '9.90', turnover: '1' } } });
    expect(byChange().slice(0, 2)).toEqual(['SASA', 'GARAN']);
    // The inputs are returned as they are: memoised rows keep their props.
    expect(sortQuotes(quotes, { field: 'symbol', direction: 'asc' })[0]).toBe(quotes[3]);
  });
});
