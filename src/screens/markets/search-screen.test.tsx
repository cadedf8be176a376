// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../i18n/setup';
import { setMarketDataApi } from '../../market/client';
import { FakeMarketData } from '../../../tests/support/fake-market-data';
import { readStored, writeStored } from '../../state/persisted';
import { SAMPLE_COIN_INFOS, SAMPLE_COIN_TICKERS, SAMPLE_STOCKS } from '../../../tests/support/sample-market';
import { setLanguage } from '../../state/prefs';
import SearchScreen from './search-screen';
import { renderAt } from '../../../tests/support/render-screen';

const API = `${location.origin}/ipxtrg-api`;
let keywords: string[] = [];
const server = setupServer(
  http.get(`${API}/stock/index/search`, ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
    keywords.push(keyword);
    if (keyword === 'boom') return HttpResponse.text('<html>502</html>', { status: 502 });
    const hits = [
      { symbol: 'THYAO', name: 'Türk Hava Yolları', market: 'stock', price: '312.25', changePct: '1.87' },
      { symbol: 'BTCUSDT', name: 'Bitcoin', market: 'coin', price: '97234.51', changePct: '-0.4' },
    ].filter((hit) => keyword !== 'zzz' && hit.symbol.includes(keyword.toUpperCase()));
    return HttpResponse.json({ code: 0, msg: '', data: { list: hits } });
  }),
  http.post(`${API}/coin/infos`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_COIN_INFOS } }),
  ),
  // The markets list, sorted as the server sorts it: by turnover, the most traded first.
  http.get(`${API}/stock/index/list`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(Object.fromEntries(query));
    const size = Number(query.get('size'));
    const list = [...SAMPLE_STOCKS].sort((a, b) => Number(b.turnover) - Number(a.turnover)).slice(0, size);
    return HttpResponse.json({
      code: 0,
      msg: '',
      data: { list, total: SAMPLE_STOCKS.length, page: 1, size },
    });
  }),
  // Solana traded the most today, XRP the least: the volume, not the infos' order, ranks them.
  http.post(`${API}/coin/tickers`, () =>
    HttpResponse.json({
      code: 0,
      msg: '',
      data: {
        list: SAMPLE_COIN_TICKERS.map((ticker) => ({
          ...ticker,
          quoteVolume:
            { SOLUSDT: '900000000', BTCUSDT: '800000000', ETHUSDT: '300000000' }[ticker.symbol] ?? '1000',
        })),
      },
    }),
  ),
);
let listQueries: Record<string, string>[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  keywords = [];
  listQueries = [];
  localStorage.clear();
  setMarketDataApi(new FakeMarketData());
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function open() {
  return renderAt('/pages/stock/search', '/pages/stock/search', SearchScreen);
}

const type = (text: string) =>
  fireEvent.change(screen.getByTestId('search-input'), { target: { value: text } });

describe('search', () => {
  it('searches once per pause in typing and lists stocks and coins with their links', async () => {
    open();
    expect(screen.getByTestId('search-hint')).toBeTruthy();
    type('t');
    type('th');
    type('thy');
    const row = await screen.findByTestId('ticker-row-THYAO');
    expect(keywords).toEqual(['thy']);
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/pages/stock/index?symbol=THYAO');
    type('btc');
    const coin = await screen.findByTestId('ticker-row-BTCUSDT');
    expect(coin.querySelector('a')?.getAttribute('href')).toBe('/pages/coin/index?symbol=BTCUSDT');
  });

  it('shows a coin found at its pair’s price decimals, as the markets list does, not at 8', async () => {
    setLanguage('tr-TR');
    open();
    type('btc');
    // BTCUSDT has 2 price decimals (POST /coin/infos): it read 97.234,51000000.
    const price = await screen.findByTestId('price-BTCUSDT');
    expect(price.textContent).toBe('97.234,51');
    type('thy');
    expect((await screen.findByTestId('price-THYAO')).textContent).toBe('312,25');
  });

  it('keeps a history: opened results and submitted words, most recent first, max 10, clearable', async () => {
    writeStored('searchHistoryData', ['ASELS', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9']);
    open();
    expect(screen.getByTestId('history-ASELS')).toBeTruthy();
    type('thy');
    fireEvent.click((await screen.findByTestId('ticker-row-THYAO')).querySelector('a')!);
    expect(readStored('searchHistoryData').slice(0, 2)).toEqual(['THYAO', 'ASELS']);
    expect(readStored('searchHistoryData')).toHaveLength(10);
    history.replaceState(null, '', '/pages/stock/search');
    type('zzz');
    fireEvent.submit(screen.getByRole('search'));
    expect(readStored('searchHistoryData').slice(0, 3)).toEqual(['zzz', 'THYAO', 'ASELS']);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('“zzz” için sonuç yok');

    type('');
    fireEvent.click(screen.getByTestId('history-THYAO'));
    await screen.findByTestId('ticker-row-THYAO');
    type('');
    fireEvent.click(screen.getByTestId('search-history-clear'));
    expect(screen.getByTestId('search-hint')).toBeTruthy();
    expect(readStored('searchHistoryData')).toEqual([]);
  });

  it('offers today’s most traded stocks, then coins by 24 h volume, before anything is typed', async () => {
    open();
    const popular = await screen.findByTestId('search-popular-list');
    const symbols = [...popular.querySelectorAll('[data-testid^="ticker-row-"]')].map((row) =>
      row.getAttribute('data-testid')!.replace('ticker-row-', ''),
    );
    expect(symbols).toEqual(['THYAO', 'ASELS', 'GARAN', 'AKBNK', 'BIMAS', 'SOLUSDT', 'BTCUSDT', 'ETHUSDT']);
    expect(listQueries).toEqual([
      expect.objectContaining({ size: '5', sort: 'turnover', order: 'desc', market: 'stock' }),
    ]);
    expect(screen.getByTestId('search-popular').textContent).toContain('Bugün en çok işlem görenler');
    // Opening one is a search the user made: it joins the recent ones.
    fireEvent.click(screen.getByTestId('ticker-row-GARAN').querySelector('a')!);
    expect(readStored('searchHistoryData')).toEqual(['GARAN']);
    // Typing replaces it with the results.
    type('thy');
    await screen.findByTestId('search-results');
    expect(screen.queryByTestId('search-popular')).toBeNull();
  });

  it('leaves Popular out when the lists cannot be read; the search still works', async () => {
    server.use(
      http.get(`${API}/stock/index/list`, ({ request }) => {
        listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.text('down', { status: 502 });
      }),
    );
    open();
    await waitFor(() => expect(listQueries).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('list-skeleton')).toBeNull());
    expect(screen.queryByTestId('search-popular')).toBeNull();
    expect(screen.getByTestId('search-hint')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    open();
    type('boom');
    await screen.findByTestId('error-state');
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(keywords).toEqual(['boom', 'boom']));
  });
});
