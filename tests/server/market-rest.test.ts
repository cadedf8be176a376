import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookSnapshotSchema,
  candlesAnswerSchema,
  coinTickerSchema,
  indicesAnswerSchema,
  stockInfoSchema,
} from '../../domain/protocol/market';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { postForm, startServer, type TestServer } from '../support/server';

type Answer = {
  code: number;
  msg: string;
  key?: string;
  data: Record<string, unknown> & { list?: unknown[] };
};
const EN = { 'Accept-Language': 'en-US' };

/** The REST answers over a source with known figures, so every derived number is checked by hand. */
describe('market REST (scripted source)', () => {
  let server: TestServer;
  let source: ScriptedSource;
  const get = async (
    path: string,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    (await (await fetch(`${server.api(path)}?${new URLSearchParams(query)}`, { headers })).json()) as Answer;
  const post = async (
    path: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => (await (await postForm(server.api(path), fields, headers)).json()) as Answer;

  beforeAll(async () => {
    source = scriptedSource([
      instrument('THYAO', { name: 'Türk Hava Yolları', group: 1 }),
      instrument('ISCTR', { name: 'Türkiye İş Bankası', group: 2 }),
      instrument('SASA', { name: 'Sasa Polyester', group: 3 }),
      instrument('XU100', { name: 'BIST 100', market: 'index', group: null, members: ['THYAO', 'ISCTR'] }),
      instrument('XBANK', { name: 'BIST Banka', market: 'index', group: null, members: ['ISCTR'] }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2 }),
    ]);
    source.setTicker('THYAO', { last: '312.50', prev: '300.00', volume: '1000', turnover: '312500.00' });
    source.setTicker('ISCTR', { last: '14.97', prev: '15.13', volume: '50000', turnover: '748500.00' });
    source.setTicker('SASA', { last: '45.00', prev: '45.00', volume: '10', turnover: '450.00' });
    source.setTicker('XU100', { last: '10250.55', prev: '10000.00' });
    source.setTicker('BTCUSDT', {
      last: '65000.00',
      prev: '64000.00',
      volume: '12.5',
      turnover: '812500.00',
    });
    source.setMark('BTCUSDT', { mark: '65001.20' });
    server = await startServer('pglite', { source });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the indices present and the BIST status', async () => {
    const answer = await get('/stock/index/indices/list');
    const data = indicesAnswerSchema.parse(answer.data);
    expect(data.list.map((q) => q.symbol)).toEqual(['XU100', 'XBANK']);
    expect(data.list[0]).toMatchObject({ market: 'index', change: '250.55', changePct: '2.51' });
    expect(data.status).toMatchObject({ market: 'BIST', open: true });
    expect((await get('/stock/index/country/list')).data).toEqual({
      list: [{ code: 'TR', currency: 'TRY', market: 'BIST' }],
    });
  });

  it('computes change, percentage and the band with Decimal maths', async () => {
    const info = stockInfoSchema.parse((await get('/stock/index/info', { symbol: 'thyao' })).data);
    // 300.00 ± 20% = 240.00 … 360.00, both on the 0.10 / 0.25 ticks of their tiers.
    expect(info).toMatchObject({
      symbol: 'THYAO',
      change: '12.50',
      changePct: '4.17',
      group: 1,
      upperLimit: '360.00',
      lowerLimit: '240.00',
      members: [],
    });
    const isctr = stockInfoSchema.parse((await get('/stock/index/info', { symbol: 'ISCTR' })).data);
    // 15.13 × 15% = 2.2695 → 2.26 steps; 17.39 and 12.87 are on the 0.01 tick.
    expect(isctr).toMatchObject({
      change: '-0.16',
      changePct: '-1.06',
      upperLimit: '17.39',
      lowerLimit: '12.87',
    });
    const index = stockInfoSchema.parse((await get('/stock/index/info', { symbol: 'XU100' })).data);
    expect(index).toMatchObject({
      group: null,
      upperLimit: null,
      lowerLimit: null,
      members: ['THYAO', 'ISCTR'],
    });
  });

  it('answers UNKNOWN_SYMBOL, localized, for unknown symbols and the wrong market', async () => {
    for (const [path, fields] of [
      ['/stock/index/candles', { symbol: 'BTCUSDT', interval: '1m' }],
      ['/stock/index/books', { symbol: 'NOPE' }],
      ['/coin/ticker', { symbol: 'THYAO' }],
      ['/coin/trades', { symbol: 'bad-symbol!' }],
    ] as const) {
      const answer = await post(path, fields, EN);
      expect(answer, path).toMatchObject({ code: -1001, key: 'UNKNOWN_SYMBOL', msg: 'Unknown symbol.' });
    }
    expect(await get('/stock/index/info', { symbol: 'BTCUSDT' })).toMatchObject({
      code: -1001,
      key: 'UNKNOWN_SYMBOL',
      msg: 'Sembol bulunamadı.',
    });
    expect(await post('/stock/index/candles', { symbol: 'THYAO', interval: '2m' })).toMatchObject({
      key: 'FIELD_INVALID',
    });
    expect(
      await post('/stock/index/candles', { symbol: 'THYAO', interval: '1m', limit: '1001' }),
    ).toMatchObject({
      key: 'FIELD_INVALID',
    });
  });

  it('sorts and pages the stock list, and ranks the hot list by turnover', async () => {
    const byChange = await get('/stock/index/list', { sort: 'changePct', order: 'desc', market: 'stock' });
    expect(byChange.data).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(byChange.data.list?.map((q) => (q as { symbol: string }).symbol)).toEqual([
      'THYAO',
      'SASA',
      'ISCTR',
    ]);
    const page2 = await get('/stock/index/list', { size: '2', page: '2' });
    expect(page2.data).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(page2.data.list?.map((q) => (q as { symbol: string }).symbol)).toEqual(['THYAO', 'XBANK']);
    const byPrice = await get('/stock/index/list', { sort: 'price', order: 'asc' });
    expect(byPrice.data.list?.map((q) => (q as { symbol: string }).symbol)).toEqual([
      'XBANK',
      'ISCTR',
      'SASA',
      'THYAO',
      'XU100',
    ]);
    const hot = await get('/stock/index/list/hot', { size: '2' });
    expect(hot.data.list?.map((q) => (q as { symbol: string }).symbol)).toEqual(['ISCTR', 'THYAO']);
    expect(await get('/stock/index/list/hot', { size: '51' })).toMatchObject({ key: 'FIELD_INVALID' });
  });

  it('searches stocks, indices and coins with Turkish-aware matching, symbol prefixes first', async () => {
    const symbols = async (keyword: string) =>
      ((await get('/stock/index/search', { keyword })).data.list ?? []).map(
        (h) => (h as { symbol: string }).symbol,
      );
    // The symbol prefix first, then names containing it ("BIST").
    expect(await symbols('is')).toEqual(['ISCTR', 'XBANK', 'XU100']);
    // "iş" and "IŞ" find İş Bankası by name; dotless/dotted i fold together.
    expect(await symbols('İŞ BANK')).toEqual(['ISCTR']);
    expect(await symbols('is bank')).toEqual(['ISCTR']);
    expect(await symbols('türk')).toEqual(['ISCTR', 'THYAO']);
    expect(await symbols('x')).toEqual(['XBANK', 'XU100']);
    expect(await symbols('bit')).toEqual(['BTCUSDT']);
    expect(await symbols('BIST')).toEqual(['XBANK', 'XU100']);
    const hit = (await get('/stock/index/search', { keyword: 'btc' })).data.list?.[0];
    expect(hit).toEqual({
      symbol: 'BTCUSDT',
      name: 'Bitcoin',
      market: 'coin',
      price: '65000.00',
      changePct: '1.56',
    });
    expect(await get('/stock/index/search', { keyword: 'x'.repeat(21) })).toMatchObject({
      key: 'FIELD_TOO_LONG',
    });
  });

  it('serves coins: infos, tickers with the mark price, and one ticker', async () => {
    const infos = await post('/coin/infos');
    expect(infos.data.list).toEqual([
      {
        symbol: 'BTCUSDT',
        base: 'BTC',
        quote: 'USDT',
        name: 'Bitcoin',
        priceScale: 2,
        qtyScale: 6,
        minQty: '0.000001',
      },
    ]);
    const ticker = coinTickerSchema.parse((await post('/coin/ticker', { symbol: 'BTCUSDT' })).data);
    expect(ticker).toMatchObject({
      price: '65000.00',
      open: '64000.00',
      change: '1000.00',
      changePct: '1.56',
      volume: '12.5',
      quoteVolume: '812500.00',
      mark: '65001.20',
    });
    expect((await post('/coin/tickers')).data.list).toEqual([ticker]);
  });

  it('pages candles back with `end`, and limits trades and book depth', async () => {
    source.setCandles(
      'BTCUSDT',
      '1h',
      Array.from({ length: 500 }, (_, i) => ({ t: i * 3_600_000, o: '1', h: '1', l: '1', c: '1', v: '1' })),
    );
    const latest = candlesAnswerSchema.parse(
      (await post('/coin/candles', { symbol: 'BTCUSDT', interval: '1h' })).data,
    );
    expect(latest.list).toHaveLength(300);
    expect(latest.list.at(-1)?.t).toBe(499 * 3_600_000);
    const older = candlesAnswerSchema.parse(
      (
        await post('/coin/candles', {
          symbol: 'BTCUSDT',
          interval: '1h',
          limit: '10',
          end: String(100 * 3_600_000),
        })
      ).data,
    );
    expect(older.list.map((c) => c.t / 3_600_000)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    source.emitTrades(
      'BTCUSDT',
      Array.from({ length: 120 }, (_, i) => ({
        id: String(i),
        t: i,
        price: '1.00',
        qty: '1',
        side: 'buy' as const,
      })),
    );
    expect((await post('/coin/trades', { symbol: 'BTCUSDT' })).data.list).toHaveLength(50);
    expect(await post('/coin/trades', { symbol: 'BTCUSDT', limit: '101' })).toMatchObject({
      key: 'FIELD_INVALID',
    });
    source.setBook(
      'BTCUSDT',
      7,
      Array.from({ length: 30 }, (_, i) => [`${100 - i}.00`, '1'] as [string, string]),
      Array.from({ length: 30 }, (_, i) => [`${101 + i}.00`, '1'] as [string, string]),
    );
    const book = bookSnapshotSchema.parse(
      (await post('/coin/books', { symbol: 'BTCUSDT', depth: '5' })).data,
    );
    expect(book).toMatchObject({
      seq: 7,
      bids: [
        ['100.00', '1'],
        ['99.00', '1'],
        ['98.00', '1'],
        ['97.00', '1'],
        ['96.00', '1'],
      ],
    });
    expect(book.asks[0]).toEqual(['101.00', '1']);
    expect(await post('/stock/index/books', { symbol: 'THYAO', depth: '51' })).toMatchObject({
      key: 'FIELD_INVALID',
    });
  });
});
