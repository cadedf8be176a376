import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_MAX } from '../../server/routes/watchlist';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

type Answer = {
  code: number;
  msg: string;
  key?: string;
  data: { symbol?: string; collected?: boolean; list?: { symbol: string }[]; total?: number; page?: number };
};

/** Watchlists are per user and per kind, idempotent, capped, and answer live quotes. */
describe.each(dbTargets())('watchlists on %s', (target) => {
  let server: TestServer;
  const stocks = Array.from({ length: WATCHLIST_MAX + 1 }, (_, i) => `S${i + 1}`);

  beforeAll(async () => {
    const source = scriptedSource([
      instrument('THYAO'),
      instrument('XU100', { market: 'index', group: null }),
      instrument('BTCUSDT'),
      instrument('ETHUSDT'),
      ...stocks.map((s) => instrument(s)),
    ]);
    source.setTicker('THYAO', { last: '310.00', prev: '300.00' });
    source.setTicker('BTCUSDT', { last: '65000.00', prev: '65000.00' });
    server = await startServer(target, { source });
  });
  afterAll(async () => {
    await server?.close();
  });

  const as = (token: string) => ({ accesstoken: token, 'Accept-Language': 'en-US' });
  const post = async (path: string, token: string, fields: Record<string, string> = {}) =>
    (await (await postForm(server.api(path), fields, as(token))).json()) as Answer;
  const symbols = (answer: Answer) => answer.data.list?.map((q) => q.symbol);

  it('needs a session', async () => {
    const answer = (await (await postForm(server.api('/stock/collect/list'), {})).json()) as Answer;
    expect(answer.code).toBe(-1000);
  });

  it('adds idempotently, lists newest first with quotes, removes, per user and per kind', async () => {
    const a = await userWithSession(server.database.db);
    const b = await userWithSession(server.database.db);
    expect(await post('/stock/collect/add', a.token, { symbol: 'thyao' })).toMatchObject({
      code: 0,
      data: { symbol: 'THYAO', collected: true },
    });
    expect((await post('/stock/collect/add', a.token, { symbol: 'THYAO' })).code).toBe(0);
    expect((await post('/stock/collect/add', a.token, { symbol: 'XU100' })).code).toBe(0);
    expect((await post('/coin/collect/add', a.token, { symbol: 'BTCUSDT' })).code).toBe(0);

    const list = await post('/stock/collect/list', a.token);
    expect(list.data).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(symbols(list)).toEqual(['XU100', 'THYAO']);
    expect(list.data.list?.[1]).toMatchObject({ price: '310.00', change: '10.00', changePct: '3.33' });
    const coins = await post('/coin/collect/list', a.token);
    expect(coins.data.list).toEqual([
      expect.objectContaining({ symbol: 'BTCUSDT', price: '65000.00', mark: '65000.00' }),
    ]);
    expect((await post('/stock/collect/list', b.token)).data).toMatchObject({ total: 0, list: [] });

    expect(await post('/stock/collect/del', a.token, { symbol: 'THYAO' })).toMatchObject({
      data: { symbol: 'THYAO', collected: false },
    });
    expect((await post('/stock/collect/del', a.token, { symbol: 'THYAO' })).code).toBe(0);
    expect(symbols(await post('/stock/collect/list', a.token))).toEqual(['XU100']);
  });

  it('refuses unknown symbols and symbols of the other kind', async () => {
    const a = await userWithSession(server.database.db);
    for (const [path, symbol] of [
      ['/stock/collect/add', 'NOPE'],
      ['/stock/collect/add', 'BTCUSDT'],
      ['/coin/collect/add', 'THYAO'],
    ] as const) {
      expect(await post(path, a.token, { symbol }), `${path} ${symbol}`).toMatchObject({
        code: -1001,
        key: 'UNKNOWN_SYMBOL',
        msg: 'Unknown symbol.',
      });
    }
    expect((await post('/stock/collect/list', a.token)).data.total).toBe(0);
  });

  it(`holds at most ${WATCHLIST_MAX} per kind`, async () => {
    const a = await userWithSession(server.database.db);
    for (const symbol of stocks.slice(0, WATCHLIST_MAX))
      expect((await post('/stock/collect/add', a.token, { symbol })).code).toBe(0);
    const full = await post('/stock/collect/add', a.token, { symbol: stocks[WATCHLIST_MAX]! });
    expect(full).toMatchObject({ code: -1001, key: 'WATCHLIST_FULL', msg: expect.stringContaining('200') });
    // Adding one it already has is still fine, and the coin list is separate.
    expect((await post('/stock/collect/add', a.token, { symbol: stocks[0]! })).code).toBe(0);
    expect((await post('/coin/collect/add', a.token, { symbol: 'ETHUSDT' })).code).toBe(0);
    const page = await post('/stock/collect/list', a.token, { page: '3', size: '100' });
    expect(page.data).toMatchObject({ total: WATCHLIST_MAX, page: 3, list: [] });
    const first = await post('/stock/collect/list', a.token, { size: '100' });
    expect(symbols(first)?.[0]).toBe(stocks[WATCHLIST_MAX - 1]);
  });
});
