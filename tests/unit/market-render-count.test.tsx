// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TickerView } from '../../domain/market-data/contract';
import '../../src/i18n/setup';
import { TickerRow } from '../../src/components/market/ticker-row';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import { FakeMarketData } from '../support/fake-market-data';
import { fromCoinQuote, fromStockQuote } from '../../src/market/quote';
import {
  SAMPLE_COIN_INFOS,
  SAMPLE_COIN_TICKERS,
  SAMPLE_INDICES,
  SAMPLE_STATUS,
  SAMPLE_STOCKS,
  samplePage,
} from '../support/sample-market';
import { RoutePathContext } from '../../src/paths/route-context';
import type * as liveQuote from '../../src/market/use-live-quote';
import MarketsScreen from '../../src/screens/markets/markets-screen';
import { resetMarket } from '../../src/state/market';

/**
 * ARCHITECTURE rule 7, proven: one ticker change re-renders exactly one row, and panels that
 * are not shown render (and stream) nothing. Row renders are counted where a row reads its
 * figures (useLiveQuote runs once per TickerRow render) and, for the plain list, with Profiler.
 */
type LiveQuoteModule = typeof liveQuote;
const rowRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/market/use-live-quote', async (importOriginal) => {
  const original = await importOriginal<LiveQuoteModule>();
  return {
    useLiveQuote: (...args: Parameters<LiveQuoteModule['useLiveQuote']>) => {
      const symbol = args[0].symbol;
      rowRenders.set(symbol, (rowRenders.get(symbol) ?? 0) + 1);
      return original.useLiveQuote(...args);
    },
  };
});

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.get(`${API}/stock/index/list`, () => ok(samplePage(SAMPLE_STOCKS))),
  http.get(`${API}/stock/index/indices/list`, () => ok({ list: SAMPLE_INDICES, status: SAMPLE_STATUS })),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/tickers`, () => ok({ list: SAMPLE_COIN_TICKERS })),
);

function ticker(symbol: string, last: string): TickerView {
  return {
    symbol,
    last,
    open: last,
    high: last,
    low: last,
    prev: last,
    change: '0',
    pct: '0.50',
    vol: '100',
    turnover: '1000000',
    t: 1,
    dir: 1,
  };
}

let fake: FakeMarketData;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fake = new FakeMarketData();
  setMarketDataApi(fake);
  resetMarket();
  rowRenders.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

async function deliver(patch: Parameters<FakeMarketData['push']>[0]) {
  fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

function total(counts: Map<string, number>): number {
  return [...counts.values()].reduce((a, b) => a + b, 0);
}

describe('market render counts', () => {
  it('one ticker change renders exactly one row (Profiler per row)', async () => {
    const commits = new Map<string, number>();
    const onRender = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1);
    const quotes = SAMPLE_STOCKS.map(fromStockQuote);
    render(
      <ul>
        {quotes.map((quote) => (
          <Profiler key={quote.symbol} id={quote.symbol} onRender={onRender}>
            <TickerRow quote={quote} />
          </Profiler>
        ))}
      </ul>,
    );
    await deliver({ tickers: Object.fromEntries(quotes.map((q) => [q.symbol, ticker(q.symbol, q.last)])) });
    commits.clear();

    await deliver({ tickers: { THYAO: { last: '313.00', t: 2 } } });
    expect(Object.fromEntries(commits)).toEqual({ THYAO: 1 });
    expect(screen.getByTestId('price-THYAO').textContent).toBe('313,00');

    // A tick for a symbol no row shows, and a feed-only patch, render no row.
    commits.clear();
    await deliver({ tickers: { FROTO: ticker('FROTO', '990') } });
    await deliver({ books: { THYAO: { bids: ['313.00'], bidQty: ['313.00', '10'] } } });
    expect(commits.size).toBe(0);
  });

  it('the Markets tab renders one row per tick, and its hidden segments not at all', async () => {
    render(
      <Router>
        <RoutePathContext value="/pages/tabbar/markets">
          <MarketsScreen />
        </RoutePathContext>
      </Router>,
    );
    await screen.findByTestId('ticker-row-THYAO');
    // Rows subscribe in their effects, which may run after the first row is on screen.
    await waitFor(() => expect(fake.active()).toEqual(SAMPLE_STOCKS.map((q) => `ticker|${q.symbol}`).sort()));
    for (const hidden of [...SAMPLE_INDICES, ...SAMPLE_COIN_TICKERS])
      expect(rowRenders.get(hidden.symbol)).toBeUndefined();

    rowRenders.clear();
    await deliver({ tickers: { ASELS: ticker('ASELS', '149.10') } });
    expect(Object.fromEntries(rowRenders)).toEqual({ ASELS: 1 });

    // Ticks for instruments of the hidden segments render nothing at all.
    rowRenders.clear();
    await deliver({
      tickers: { XU100: ticker('XU100', '10850.00'), BTCUSDT: ticker('BTCUSDT', '97300.00') },
    });
    expect(total(rowRenders)).toBe(0);

    // Switching segments unmounts the stocks (and stops their streams) and mounts the coins.
    fireEvent.click(screen.getByTestId('markets-seg-coins'));
    await screen.findByTestId('ticker-row-BTCUSDT');
    await act(async () => {});
    expect(fake.active()).toEqual(SAMPLE_COIN_INFOS.map((c) => `ticker|${c.symbol}`).sort());
    expect(screen.queryByTestId('ticker-row-THYAO')).toBeNull();
    // The coin row shows the live price already delivered, with the pair's own decimals.
    expect(screen.getByTestId('price-BTCUSDT').textContent).toBe('97.300,00');
    rowRenders.clear();
    await deliver({ tickers: { THYAO: ticker('THYAO', '320.00'), ETHUSDT: ticker('ETHUSDT', '3420.55') } });
    expect(Object.fromEntries(rowRenders)).toEqual({ ETHUSDT: 1 });
    expect(fromCoinQuote({ ...SAMPLE_COIN_INFOS[0]!, ticker: null }).last).toBe('');
  });
});
