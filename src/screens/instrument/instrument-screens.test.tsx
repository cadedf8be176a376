// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../i18n/setup';
import type { MarketDataApi, MarketPatch, Topic } from '../../../domain/market-data/contract';
import { topicKey } from '../../../domain/market-data/contract';
import { flushMarketData, setMarketDataApi } from '../../market/client';
import { resetMarket } from '../../state/market';
import { readStored, writeStored } from '../../state/persisted';
import CoinScreen from './coin-screen';
import StockScreen from './stock-screen';
import { renderAt } from '../../../tests/support/render-screen';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'ok', data });
const status = {
  market: 'BIST',
  state: 'open',
  open: true,
  nextOpen: null,
  nextClose: null,
  holiday: null,
  ts: 1,
};
const quote = {
  country: 'TR',
  price: '318.50',
  prevClose: '310.00',
  open: '311.00',
  high: '320.00',
  low: '309.50',
  change: '8.50',
  changePct: '2.74',
  volume: '1250000',
  turnover: '398000000.25',
  ts: 1,
};
const stocks: Record<string, unknown> = {
  THYAO: {
    ...quote,
    symbol: 'THYAO',
    name: 'Türk Hava Yolları',
    market: 'stock',
    group: 1,
    t1: true,
    lot: 1,
    priceScale: 2,
    upperLimit: '372.00',
    lowerLimit: '248.00',
    members: [],
    status,
  },
  XU100: {
    ...quote,
    symbol: 'XU100',
    name: 'BIST 100',
    market: 'index',
    group: null,
    t1: false,
    lot: 1,
    priceScale: 2,
    upperLimit: null,
    lowerLimit: null,
    members: ['THYAO', 'GARAN'],
    status,
  },
};
const coinTicker = {
  symbol: 'BTCUSDT',
  price: '96272.00',
  open: '91806.00',
  high: '96778.00',
  low: '91614.00',
  change: '4466.00',
  changePct: '4.86',
  volume: '22824.14534',
  quoteVolume: '2130790341.68',
  mark: '96278.19',
  ts: 1,
};
const unknown = () =>
  HttpResponse.json({ code: -1001, msg: 'Sembol bulunamadı.', key: 'UNKNOWN_SYMBOL', data: {} });

let infoCalls = 0;
const server = setupServer(
  http.get(`${API}/stock/index/info`, ({ request }) => {
    infoCalls += 1;
    const info = stocks[new URL(request.url).searchParams.get('symbol') ?? ''];
    return info ? ok(info) : unknown();
  }),
  http.post(`${API}/coin/infos`, () =>
    ok({
      list: [
        {
          symbol: 'BTCUSDT',
          base: 'BTC',
          quote: 'USDT',
          name: 'Bitcoin',
          priceScale: 2,
          qtyScale: 5,
          minQty: '0.0001',
        },
      ],
    }),
  ),
  http.post(`${API}/coin/ticker`, async ({ request }) =>
    new URLSearchParams(await request.text()).get('symbol') === 'BTCUSDT' ? ok(coinTicker) : unknown(),
  ),
);

/** The worker stand-in: records live topics and hands out queued patches. */
let topics = new Map<number, string>();
let queue: MarketPatch[] = [];
function fakeWorker(): MarketDataApi {
  let next = 1;
  return {
    connect: () => undefined,
    setLocale: () => undefined,
    subscribe: (topic: Topic) => {
      topics.set(next, topicKey(topic));
      return next++;
    },
    release: (handle) => void topics.delete(handle),
    setStreaming: () => undefined,
    setIndicators: () => undefined,
    flush: () => queue.shift() ?? null,
    stats: () => ({ messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 }),
  };
}

async function push(patch: MarketPatch): Promise<void> {
  queue.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  infoCalls = 0;
  topics = new Map();
  queue = [];
  resetMarket();
  localStorage.clear();
  setMarketDataApi(fakeWorker());
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('stock screen', () => {
  it('shows the quote, day figures and badges, then follows the live ticker', async () => {
    renderAt('/pages/stock/index?symbol=THYAO', '/pages/stock/index', StockScreen);
    expect(screen.getByTestId('instrument-loading')).toBeTruthy();
    expect(await screen.findByTestId('quote-price')).toHaveProperty('textContent', '318,50');
    expect(screen.getByTestId('stat-upper').textContent).toBe('372,00');
    expect(screen.getByTestId('stat-turnover').textContent).toBe('398\u00a0Mn');
    expect(screen.getByTestId('badge-t1')).toBeTruthy();
    expect(screen.getByTestId('badge-group').textContent).toBe('1. Grup');
    await waitFor(() =>
      // The small chart follows the day's 5-minute candles.
      expect([...topics.values()].sort()).toEqual([
        'book|THYAO',
        'candles|THYAO|5m',
        'ticker|THYAO',
        'trades|THYAO',
      ]),
    );

    await push({
      tickers: { THYAO: { symbol: 'THYAO', last: '319.25', change: '9.25', pct: '2.98', high: '321.00' } },
    });
    expect(screen.getByTestId('quote-price').textContent).toBe('319,25');
    expect(screen.getByTestId('quote-pct').textContent).toBe('+%2,98');
    expect(screen.getByTestId('stat-high').textContent).toBe('321,00');

    await push({
      books: {
        THYAO: {
          reset: true,
          bids: ['319.00'],
          asks: ['319.25'],
          bidQty: ['319.00', '1500'],
          askQty: ['319.25', '20'],
        },
      },
    });
    expect(screen.getByTestId('book-bid-319.00').textContent).toContain('1.500');
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
  });

  it('Buy opens the trade tab on the stock ticket', async () => {
    writeStored('systemTradeType', 'coin');
    renderAt('/pages/stock/index?symbol=THYAO', '/pages/stock/index', StockScreen);
    fireEvent.click(await screen.findByTestId('buy-button'));
    expect(readStored('systemTradeType')).toBe('stock');
    expect(location.pathname).toBe('/pages/tabbar/trade');
    expect(new URLSearchParams(location.search).get('symbol')).toBe('THYAO');
  });

  it('an IPO stock before its listing: when it opens instead of Buy/Sell, and no options', async () => {
    // The broker refuses its orders and options (NOT_TRADABLE) until then.
    const listingAt = Date.UTC(2030, 0, 2, 7);
    server.use(
      http.get(`${API}/stock/index/info`, () => ok({ ...stocks.THYAO!, symbol: 'YENIA', listingAt })),
    );
    renderAt('/pages/stock/index?symbol=YENIA', '/pages/stock/index', StockScreen);
    expect((await screen.findByTestId('trade-bar-closed')).textContent).toMatch(/İşleme 02\.01\.2030 10:00/);
    expect(screen.queryByTestId('buy-button')).toBeNull();
    expect(screen.queryByTestId('open-options')).toBeNull();
    // A listed stock keeps both.
    cleanup();
    server.resetHandlers();
    renderAt('/pages/stock/index?symbol=THYAO', '/pages/stock/index', StockScreen);
    expect(await screen.findByTestId('buy-button')).toBeTruthy();
    expect(screen.getByTestId('open-options')).toBeTruthy();
  });

  it('an index has members and no book, trades or Buy/Sell', async () => {
    renderAt('/pages/stock/index?symbol=XU100', '/pages/stock/index', StockScreen);
    expect((await screen.findByTestId('index-members')).textContent).toContain('GARAN');
    expect(screen.getByTestId('badge-index')).toBeTruthy();
    expect(screen.queryByTestId('book')).toBeNull();
    expect(screen.queryByTestId('buy-button')).toBeNull();
    expect(screen.queryByTestId('stat-upper')).toBeNull();
    await waitFor(() => expect([...topics.values()].sort()).toEqual(['candles|XU100|5m', 'ticker|XU100']));
  });

  it('an unknown symbol says which was not found and offers the chooser, not a retry', async () => {
    const page = { list: [{ ...stocks.THYAO!, watched: false }], total: 1, page: 1, size: 100 };
    server.use(http.get(`${API}/stock/index/list`, () => ok(page)));
    renderAt('/pages/stock/index?symbol=nope', '/pages/stock/index', StockScreen);
    expect((await screen.findByTestId('instrument-not-found')).textContent).toBe(
      '“NOPE” sembolüyle bir hisse ya da endeks bulunamadı. Aşağıdan seçin ya da arayın.',
    );
    expect(screen.queryByTestId('retry')).toBeNull();
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(topics.size).toBe(0);
    expect(infoCalls).toBe(1);
    fireEvent.click(await screen.findByTestId('choose-THYAO'));
    expect(location.search).toBe('?symbol=THYAO');
  });

  it('a failed load that is not a missing symbol keeps its retry and way back', async () => {
    server.use(
      http.get(`${API}/stock/index/info`, () => {
        infoCalls += 1;
        return HttpResponse.json({ code: -1001, msg: 'Sunucu meşgul.', key: 'INTERNAL_ERROR', data: {} });
      }),
    );
    renderAt('/pages/stock/index?symbol=THYAO', '/pages/stock/index', StockScreen);
    expect((await screen.findByTestId('error-state')).textContent).toContain('Sunucu meşgul.');
    expect(screen.getByTestId('instrument-back')).toBeTruthy();
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(infoCalls).toBe(2));
  });
});

describe('coin screen', () => {
  it('shows 24 h figures and the live mark price; Sell opens the coin ticket', async () => {
    renderAt('/pages/coin/index?symbol=BTCUSDT', '/pages/coin/index', CoinScreen);
    expect(await screen.findByTestId('quote-price')).toHaveProperty('textContent', '96.272,00');
    expect(screen.getByTestId('instrument-name').textContent).toContain('BTC/USDT');
    expect(screen.getByTestId('stat-mark').textContent).toBe('96.278,19');
    await waitFor(() => expect(topics.size).toBe(4));

    await push({ marks: { BTCUSDT: { mark: '96300.5', funding: null, nextFunding: null, t: 2 } } });
    expect(screen.getByTestId('stat-mark').textContent).toBe('96.300,50');

    fireEvent.click(screen.getByTestId('sell-button'));
    expect(readStored('systemTradeType')).toBe('coin');
    expect(new URLSearchParams(location.search).get('side')).toBe('sell');
  });

  it.each([
    [
      'a coin sale token before its listing',
      'PERAUSDT',
      'USDT',
      Date.UTC(2030, 0, 2, 8),
      /İşleme 02\.01\.2030 11:00/,
    ],
    ['USDT/TRY, a rate', 'USDTTRY', 'TRY', undefined, /Döviz İşlemleri/],
  ])('%s: no Buy or Sell, and why instead', async (_, symbol, quote, listingAt, why) => {
    const base = symbol.replace(quote, '');
    const info = { symbol, base, quote, name: base, priceScale: 4, qtyScale: 2, minQty: '1', listingAt };
    server.use(
      http.post(`${API}/coin/infos`, () => ok({ list: [info] })),
      http.post(`${API}/coin/ticker`, () => ok({ ...coinTicker, symbol })),
    );
    renderAt(`/pages/coin/index?symbol=${symbol}`, '/pages/coin/index', CoinScreen);
    const closed = await screen.findByTestId('trade-bar-closed');
    expect(closed.textContent).toMatch(why);
    expect(screen.queryByTestId('buy-button')).toBeNull();
    expect(screen.queryByTestId('sell-button')).toBeNull();
  });

  it('an unknown pair says which was not found and offers the pairs to choose from', async () => {
    renderAt('/pages/coin/index?symbol=NOPEUSDT', '/pages/coin/index', CoinScreen);
    expect((await screen.findByTestId('instrument-not-found')).textContent).toContain('“NOPEUSDT”');
    expect(await screen.findByTestId('choose-BTCUSDT')).toHaveProperty(
      'href',
      `${location.origin}/pages/coin/index?symbol=BTCUSDT`,
    );
    expect(screen.queryByTestId('retry')).toBeNull();
  });
});
