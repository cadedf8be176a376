// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n/setup';
import '../../src/components/trade/texts';
import { SymbolPicker } from '../../src/screens/trade/symbol-picker';
import { setLanguage } from '../../src/state/prefs';
import { SAMPLE_STOCKS } from '../support/sample-market';

/**
 * The Trade tab's "Hisse seçin" sheet once showed a search field and nothing else until
 * something was typed. It now offers the most traded stocks to browse at once, and the search
 * replaces them as soon as a keyword is typed.
 */
const API = `${location.origin}/ipxtrg-api`;
const byTurnover = [...SAMPLE_STOCKS].sort((a, b) => Number(b.turnover) - Number(a.turnover));
let listQueries: Record<string, string>[] = [];

const server = setupServer(
  http.get(`${API}/stock/index/list`, ({ request }) => {
    listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json({
      code: 0,
      msg: '',
      data: { list: byTurnover, total: byTurnover.length, page: 1, size: 30 },
    });
  }),
  http.get(`${API}/stock/index/search`, ({ request }) => {
    const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').toUpperCase();
    const hits = SAMPLE_STOCKS.filter((s) => s.symbol.includes(keyword)).map(
      ({ symbol, name, market, price, changePct }) => ({ symbol, name, market, price, changePct }),
    );
    return HttpResponse.json({ code: 0, msg: '', data: { list: hits } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  listQueries = [];
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  setLanguage('tr-TR');
});
afterAll(() => server.close());

const rows = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('[data-testid^="pick-"]')].map((row) =>
    row.getAttribute('data-testid'),
  );

describe('the Trade tab stock picker', () => {
  it('offers the most traded stocks before anything is typed, and picks one with a tap', async () => {
    const onPick = vi.fn();
    render(<SymbolPicker onPick={onPick} onClose={() => undefined} />);
    expect((screen.getByTestId('symbol-search') as HTMLInputElement).value).toBe('');
    await screen.findByTestId('symbol-browse');
    expect(screen.getByTestId('symbol-picker').textContent).toContain('En çok işlem görenler');
    expect(rows('symbol-browse')).toEqual(byTurnover.map((s) => `pick-${s.symbol}`));
    // Stocks only (indices don't trade), busiest first.
    expect(listQueries).toEqual([
      { page: '1', size: '30', sort: 'turnover', order: 'desc', market: 'stock' },
    ]);
    expect(screen.getByTestId('pick-THYAO').textContent).toContain('312,25');
    fireEvent.click(screen.getByTestId('pick-GARAN'));
    expect(onPick).toHaveBeenCalledWith('GARAN');
  });

  it('a keyword replaces the list with the search; clearing it brings the list back (English)', async () => {
    setLanguage('en-US');
    render(<SymbolPicker onPick={() => undefined} onClose={() => undefined} />);
    await screen.findByTestId('symbol-browse');
    expect(screen.getByTestId('symbol-picker').textContent).toContain('Most traded');
    fireEvent.change(screen.getByTestId('symbol-search'), { target: { value: 'gar' } });
    expect(screen.queryByTestId('symbol-browse')).toBeNull();
    await screen.findByTestId('symbol-hits');
    expect(rows('symbol-hits')).toEqual(['pick-GARAN']);
    fireEvent.change(screen.getByTestId('symbol-search'), { target: { value: '' } });
    await waitFor(() => expect(rows('symbol-browse')).toHaveLength(byTurnover.length));
  });
});
