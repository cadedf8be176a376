// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../i18n/setup';
import { setMarketDataApi } from '../../market/client';
import { FakeMarketData } from '../../../tests/support/fake-market-data';
import {
  SAMPLE_COIN_INFOS,
  SAMPLE_COIN_TICKERS,
  SAMPLE_INDICES,
  SAMPLE_STATUS,
  SAMPLE_STOCKS,
  samplePage,
} from '../../../tests/support/sample-market';
import { resetWatchlist } from '../../market/watchlist';
import { resetMarket } from '../../state/market';
import { clearUserInfo, setSession } from '../../state/session';
import MarketsScreen from './markets-screen';
import StockListScreen from './stock-list-screen';
import WatchlistScreen from './watchlist-screen';
import { prefetchStockPage } from './use-stock-pages';
import { renderAt } from '../../../tests/support/render-screen';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const fail = () =>
  HttpResponse.json({ code: -1001, msg: 'Sunucu meşgul', key: 'INTERNAL_ERROR', data: null });

let listQueries: string[] = [];
let indicesReads = 0;
let failList = 0;
let watched: string[] = [];
const server = setupServer(
  http.get(`${API}/stock/index/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    listQueries.push(params.toString());
    if (failList > 0) {
      failList--;
      return fail();
    }
    const size = Number(params.get('size'));
    const all = params.get('market') === 'stock' ? SAMPLE_STOCKS : [...SAMPLE_STOCKS, ...SAMPLE_INDICES];
    return ok(samplePage(all, Number(params.get('page')), size < 10 ? size : all.length));
  }),
  http.get(`${API}/stock/index/indices/list`, () => {
    indicesReads += 1;
    return ok({ list: SAMPLE_INDICES, status: SAMPLE_STATUS });
  }),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/tickers`, () => ok({ list: SAMPLE_COIN_TICKERS })),
  http.post(`${API}/stock/collect/list`, () =>
    ok(samplePage([...SAMPLE_STOCKS, ...SAMPLE_INDICES].filter((quote) => watched.includes(quote.symbol)))),
  ),
  http.post(`${API}/coin/collect/list`, () => ok(samplePage([]))),
  http.post(`${API}/stock/collect/del`, async ({ request }) => {
    const symbol = new URLSearchParams(await request.text()).get('symbol');
    watched = watched.filter((s) => s !== symbol);
    return ok({ symbol, collected: false });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  listQueries = [];
  indicesReads = 0;
  failList = 0;
  watched = [];
  setMarketDataApi(new FakeMarketData());
  resetMarket();
  resetWatchlist();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearUserInfo();
});
afterAll(() => server.close());

const rowOrder = (list: string) =>
  [...screen.getByTestId(list).querySelectorAll('[data-testid^="ticker-row-"]')].map((row) =>
    row.getAttribute('data-testid')?.replace('ticker-row-', ''),
  );

describe('Markets tab', () => {
  it('shows a skeleton, then live rows linking to the instrument; sorting asks the server', async () => {
    renderAt('/pages/tabbar/markets', '/pages/tabbar/markets', MarketsScreen);
    expect(screen.getByTestId('list-skeleton')).toBeTruthy();
    const row = await screen.findByTestId('ticker-row-THYAO');
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/pages/stock/index?symbol=THYAO');
    expect(screen.getByTestId('price-THYAO').textContent).toBe('312,25');
    expect(screen.getByTestId('change-THYAO').textContent).toBe('+%1,87');
    expect(listQueries).toEqual(['page=1&size=30&sort=turnover&order=desc&market=stock']);
    fireEvent.click(screen.getByTestId('sort-change'));
    await waitFor(() => expect(listQueries).toHaveLength(2));
    expect(listQueries[1]).toBe('page=1&size=30&sort=changePct&order=desc&market=stock');
    fireEvent.click(screen.getByTestId('sort-change'));
    await waitFor(() => expect(listQueries[2]).toBe('page=1&size=30&sort=changePct&order=asc&market=stock'));
  });

  it('asks for the indices once where the list and the session badge both need them', async () => {
    // Opened on the indices: the list and the badge over it (it asked twice, once for each).
    renderAt('/pages/tabbar/markets?segment=indices', '/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId('indices-list');
    await screen.findByTestId('feed-badge');
    expect(indicesReads).toBe(1);
    cleanup();
    // Opened on the stocks, whose badge read the session: the indices segment lists that answer.
    indicesReads = 0;
    renderAt('/pages/tabbar/markets', '/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId('ticker-row-THYAO');
    await screen.findByTestId('feed-badge');
    fireEvent.click(screen.getByTestId('markets-seg-indices'));
    expect(rowOrder('indices-list')).toEqual(['XU100', 'XU030', 'XBANK']);
    expect(screen.getByTestId('feed-badge')).toBeTruthy();
    expect(indicesReads).toBe(1);
  });

  it('sorts indices and coins here, and shows coins with their own decimals', async () => {
    renderAt('/pages/tabbar/markets?segment=indices', '/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId('ticker-row-XU100');
    expect(rowOrder('indices-list')).toEqual(['XU100', 'XU030', 'XBANK']);
    fireEvent.click(screen.getByTestId('sort-change'));
    await waitFor(() => expect(rowOrder('indices-list')).toEqual(['XU030', 'XU100', 'XBANK']));
    // The traded value's header says its currency, as the instrument screen's "Hacim (TL)".
    expect(screen.getByTestId('sort-volume').textContent).toBe('Hacim (TL)');
    fireEvent.click(screen.getByTestId('markets-seg-coins'));
    await screen.findByTestId('ticker-row-XRPUSDT');
    expect(screen.getByTestId('sort-volume').textContent).toBe('Hacim (USDT)');
    expect(screen.getByTestId('price-XRPUSDT').textContent).toBe('2,3418');
    expect(rowOrder('coins-list')).toEqual(['SOLUSDT', 'BTCUSDT', 'XRPUSDT', 'ETHUSDT']);
    expect(listQueries).toEqual([]);
  });

  it('takes the first page asked for as its chunk loaded, once, and asks anew after that', async () => {
    prefetchStockPage({ field: 'volume', direction: 'desc' });
    await waitFor(() => expect(listQueries).toHaveLength(1));
    const first = renderAt('/pages/tabbar/markets', '/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId('ticker-row-THYAO');
    expect(listQueries).toEqual(['page=1&size=30&sort=turnover&order=desc&market=stock']);
    first.unmount();
    renderAt('/pages/tabbar/markets', '/pages/tabbar/markets', MarketsScreen);
    await screen.findByTestId('ticker-row-THYAO');
    expect(listQueries).toHaveLength(2);
  });

  it('says what went wrong and retries', async () => {
    failList = 1;
    renderAt('/pages/tabbar/markets', '/pages/tabbar/markets', MarketsScreen);
    expect((await screen.findByTestId('error-state')).textContent).toContain('Sunucu meşgul');
    fireEvent.click(screen.getByTestId('retry'));
    await screen.findByTestId('ticker-row-THYAO');
  });
});

describe('stock list', () => {
  it('opens sorted from the link, pages on with "more", and shows the empty state', async () => {
    server.use(
      http.get(`${API}/stock/index/list`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        listQueries.push(params.toString());
        return ok(samplePage(SAMPLE_STOCKS, Number(params.get('page')), 4));
      }),
    );
    renderAt('/pages/stock/list?sort=price&dir=asc', '/pages/stock/list', StockListScreen);
    await screen.findByTestId('ticker-row-THYAO');
    expect(rowOrder('stock-list')).toHaveLength(4);
    fireEvent.click(screen.getByTestId('list-more'));
    await screen.findByTestId('ticker-row-SASA');
    expect(rowOrder('stock-list')).toHaveLength(6);
    expect(screen.queryByTestId('list-more')).toBeNull();
    expect(listQueries).toEqual([
      'page=1&size=30&sort=price&order=asc&market=stock',
      'page=2&size=30&sort=price&order=asc&market=stock',
    ]);
    cleanup();
    server.use(http.get(`${API}/stock/index/list`, () => ok(samplePage([]))));
    renderAt('/pages/stock/list', '/pages/stock/list', StockListScreen);
    await screen.findByTestId('empty-state');
  });
});

describe('watchlist', () => {
  beforeEach(() =>
    setSession({ userToken: 't1', userTokenReal: 't1', userTokenDemo: 'd1', user: { id: '1' } }),
  );

  it('lists watched stocks live with stars; unstarring removes the row; then the empty state leads to markets', async () => {
    watched = ['GARAN', 'XU100'];
    renderAt('/pages/stock/collect', '/pages/stock/collect', WatchlistScreen);
    await screen.findByTestId('ticker-row-GARAN');
    expect(rowOrder('watchlist-stock')).toEqual(['GARAN', 'XU100']);
    await waitFor(() => expect(screen.getByTestId('star-GARAN').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByTestId('star-GARAN'));
    await waitFor(() => expect(screen.queryByTestId('ticker-row-GARAN')).toBeNull());
    expect(watched).toEqual(['XU100']);
    fireEvent.click(screen.getByTestId('watchlist-seg-coin'));
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('Takip listenizde kripto yok');
    expect(screen.getByTestId('watchlist-browse').getAttribute('href')).toBe(
      '/pages/tabbar/markets?segment=coins',
    );
  });
});
