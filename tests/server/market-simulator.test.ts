import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVALS } from '../../domain/market/instrument';
import {
  bookSnapshotSchema,
  candlesAnswerSchema,
  coinInfosAnswerSchema,
  coinTickersAnswerSchema,
  indicesAnswerSchema,
  stockInfoSchema,
  stockQuoteSchema,
} from '../../domain/protocol/market';
import type { BookMessage, StreamMessage } from '../../domain/protocol/ws';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { isData, openSocket } from '../support/ws-client';

type Answer = { code: number; key?: string; data: Record<string, unknown> & { list?: unknown[] } };

/** The whole path against the real simulator (seed 42, BIST always open), as the app uses it. */
describe.each(dbTargets())('market REST and WebSocket over the simulator on %s', (target) => {
  let server: TestServer;
  const get = async (path: string, query: Record<string, string> = {}) =>
    (await (await fetch(`${server.api(path)}?${new URLSearchParams(query)}`)).json()) as Answer;
  const post = async (
    path: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => (await (await postForm(server.api(path), fields, headers)).json()) as Answer;

  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every market endpoint with its schema', async () => {
    const indices = indicesAnswerSchema.parse((await get('/stock/index/indices/list')).data);
    expect(indices.list.map((q) => q.symbol)).toEqual(['XU100', 'XU030', 'XBANK']);
    expect(indices.status).toMatchObject({ market: 'BIST', open: true });
    const info = stockInfoSchema.parse((await get('/stock/index/info', { symbol: 'THYAO' })).data);
    expect(info.upperLimit).not.toBeNull();
    expect(Number(info.lowerLimit)).toBeLessThan(Number(info.prevClose));
    expect(Number(info.upperLimit)).toBeGreaterThan(Number(info.prevClose));
    const xu100 = stockInfoSchema.parse((await get('/stock/index/info', { symbol: 'XU100' })).data);
    expect(xu100.members).toContain('THYAO');
    const list = await get('/stock/index/list', { size: '100', market: 'stock' });
    expect(list.data.total).toBeGreaterThanOrEqual(30);
    for (const row of list.data.list ?? []) stockQuoteSchema.parse(row);
    const hot = await get('/stock/index/list/hot');
    expect(hot.data.list).toHaveLength(10);
    const search = await get('/stock/index/search', { keyword: 'thy' });
    expect((search.data.list?.[0] as { symbol: string }).symbol).toBe('THYAO');
    const coins = coinInfosAnswerSchema.parse((await post('/coin/infos')).data);
    expect(coins.list.length).toBeGreaterThanOrEqual(10);
    const tickers = coinTickersAnswerSchema.parse((await post('/coin/tickers')).data);
    expect(tickers.list.map((t) => t.symbol)).toContain('BTCUSDT');
    for (const interval of INTERVALS) {
      const candles = candlesAnswerSchema.parse(
        (await post('/stock/index/candles', { symbol: 'THYAO', interval, limit: '100' })).data,
      );
      expect(candles.list.length, interval).toBeGreaterThan(0);
    }
    const book = bookSnapshotSchema.parse((await post('/coin/books', { symbol: 'BTCUSDT' })).data);
    expect(book.bids.length).toBeGreaterThan(0);
    expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]));
    expect(await post('/coin/books', { symbol: 'THYAO' })).toMatchObject({ key: 'UNKNOWN_SYMBOL' });
  });

  it('streams a book as a snapshot and then diffs at seq + 1, with no gap', async () => {
    const client = await openSocket(server.url);
    client.send({ op: 'sub', ch: 'book', symbol: 'BTCUSDT' });
    client.send({ op: 'sub', ch: 'ticker', symbol: 'THYAO' });
    client.send({ op: 'sub', ch: 'candles:1m', symbol: 'BTCUSDT' });
    const snap = (await client.next(isData('book', 'BTCUSDT', true))) as BookMessage;
    expect(snap.bids.length).toBeGreaterThan(0);
    // Snapshots come in the order of the subs; then a few diffs, checked for continuity.
    expect(await client.next(isData('ticker', 'THYAO', true))).toMatchObject({ snap: true });
    const bars = (await client.next(isData('candles:1m', 'BTCUSDT', true))) as StreamMessage & {
      bars: unknown[];
    };
    expect(bars.bars.length).toBeGreaterThan(10);
    await client.next((f) => f.op === 'data' && f.ch === 'book' && f.seq >= snap.seq + 5, 15_000);
    const seqs = client.stream('book', 'BTCUSDT').map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => snap.seq + i));
    await client.close();
  });

  it('keeps a watchlist of real symbols', async () => {
    const { token } = await userWithSession(server.database.db);
    expect((await post('/stock/collect/add', { symbol: 'THYAO' }, { accesstoken: token })).code).toBe(0);
    expect((await post('/coin/collect/add', { symbol: 'BTCUSDT' }, { accesstoken: token })).code).toBe(0);
    const stocks = await post('/stock/collect/list', {}, { accesstoken: token });
    expect(stocks.data).toMatchObject({ total: 1, list: [expect.objectContaining({ symbol: 'THYAO' })] });
    const coins = await post('/coin/collect/list', {}, { accesstoken: token });
    expect(coins.data).toMatchObject({ total: 1, list: [expect.objectContaining({ symbol: 'BTCUSDT' })] });
  });
});
