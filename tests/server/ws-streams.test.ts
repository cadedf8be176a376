import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookMessage, CandlesMessage, ServerMessage, TradesMessage } from '../../domain/protocol/ws';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { postForm, startServer, type TestServer } from '../support/server';
import { isData, openSocket, type WsClient } from '../support/ws-client';
import { encodeStream } from '../../domain/protocol/stream-codec';

const isError = (frame: ServerMessage) => frame.op === 'error';

/** Public streams against a source the test drives, so every seq and snapshot is known. */
describe('WebSocket public streams (scripted source)', () => {
  let server: TestServer;
  let source: ScriptedSource;
  const clients: WsClient[] = [];
  const open = async (options?: Parameters<typeof openSocket>[1]) => {
    const client = await openSocket(server.url, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    source = scriptedSource([
      instrument('THYAO'),
      instrument('GARAN'),
      instrument('BTCUSDT'),
      ...Array.from({ length: 100 }, (_, i) => instrument(`S${i + 1}`)),
    ]);
    source.setTicker('THYAO', { last: '300.25', prev: '295.00' });
    source.setMark('BTCUSDT', { mark: '65000.10', funding: '0.0001', nextFunding: 1_700_000_000_000 });
    source.setBook('THYAO', 41, [['300.00', '120']], [['300.25', '80']]);
    server = await startServer('pglite', { source });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.close();
  });

  it('answers a sub with subscribed, a snapshot, then updates at seq + 1', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: 'ticker', symbol: 'THYAO' });
    expect(await client.next((f) => f.op === 'subscribed')).toEqual({
      op: 'subscribed',
      ch: 'ticker',
      symbol: 'THYAO',
    });
    const snap = await client.next(isData('ticker', 'THYAO'));
    expect(snap).toMatchObject({ snap: true, last: '300.25', prev: '295.00', vol: '0' });
    for (const last of ['300.50', '300.75', '301.00']) source.emitTicker('THYAO', { last });
    const updates = [1, 2, 3].map(() => client.next(isData('ticker', 'THYAO')));
    const got = await Promise.all(updates);
    expect(got.map((m) => [m.seq, m.snap])).toEqual([
      [snap.seq + 1, false],
      [snap.seq + 2, false],
      [snap.seq + 3, false],
    ]);
    expect(got.at(-1)).toMatchObject({ last: '301.00' });

    // A late joiner starts from a snapshot at the stream's current seq and follows the same updates.
    const late = await open();
    late.send({ op: 'sub', ch: 'ticker', symbol: 'THYAO' });
    const lateSnap = await late.next(isData('ticker', 'THYAO'));
    expect(lateSnap).toMatchObject({ snap: true, seq: snap.seq + 3 });
    source.emitTicker('THYAO', { last: '301.25' });
    const [a, b] = await Promise.all([
      client.next(isData('ticker', 'THYAO')),
      late.next(isData('ticker', 'THYAO')),
    ]);
    expect(a).toEqual(b);
  });

  it("starts a book at the source's seq, as the REST snapshot does, and continues with diffs", async () => {
    const rest = await (await postForm(server.api('/stock/index/books'), { symbol: 'THYAO' })).json();
    expect(rest.data).toMatchObject({ seq: 41, bids: [['300.00', '120']], asks: [['300.25', '80']] });
    const client = await open();
    client.send({ op: 'sub', ch: 'book', symbol: 'THYAO' });
    const snap = (await client.next(isData('book', 'THYAO'))) as BookMessage;
    expect(snap).toMatchObject({ snap: true, seq: 41, bids: [['300.00', '120']], asks: [['300.25', '80']] });
    source.emitBook('THYAO', [['299.90', '50']], []);
    source.emitBook('THYAO', [['300.00', '0']], [['300.50', '10']]);
    const d1 = (await client.next(isData('book', 'THYAO'))) as BookMessage;
    const d2 = (await client.next(isData('book', 'THYAO'))) as BookMessage;
    expect([d1.seq, d1.snap, d1.bids]).toEqual([42, false, [['299.90', '50']]]);
    expect([d2.seq, d2.bids, d2.asks]).toEqual([43, [['300.00', '0']], [['300.50', '10']]]);

    // A gap in the source reaches the client as a gap; re-subscribing yields a fresh snapshot.
    source.emitBook('THYAO', [['299.80', '5']], [], 45);
    const gap = (await client.next(isData('book', 'THYAO'))) as BookMessage;
    expect(gap.seq).toBe(45);
    client.send({ op: 'sub', ch: 'book', symbol: 'THYAO' });
    const fresh = (await client.next(isData('book', 'THYAO'))) as BookMessage;
    expect(fresh).toMatchObject({
      snap: true,
      seq: 45,
      bids: [
        ['299.90', '50'],
        ['299.80', '5'],
      ],
      asks: [
        ['300.25', '80'],
        ['300.50', '10'],
      ],
    });
  });

  it('snapshots trades (last 50) and candles (last 300), then sends what is new', async () => {
    const trades = Array.from({ length: 60 }, (_, i) => ({
      id: String(i + 1),
      t: 1_000 + i,
      price: '300.00',
      qty: '1',
      side: 'buy' as const,
    }));
    source.emitTrades('GARAN', trades);
    source.setCandles(
      'GARAN',
      '1m',
      Array.from({ length: 350 }, (_, i) => ({ t: i * 60_000, o: '1', h: '1', l: '1', c: '1', v: '0' })),
    );
    const client = await open();
    client.send({ op: 'sub', ch: 'trades', symbol: 'GARAN' });
    client.send({ op: 'sub', ch: 'candles:1m', symbol: 'GARAN' });
    const tradeSnap = (await client.next(isData('trades', 'GARAN'))) as TradesMessage;
    expect(tradeSnap.trades.map((t) => t.id)).toEqual(trades.slice(-50).map((t) => t.id));
    const barSnap = (await client.next(isData('candles:1m', 'GARAN'))) as CandlesMessage;
    expect(barSnap.bars).toHaveLength(300);
    expect(barSnap.bars.at(-1)?.t).toBe(349 * 60_000);
    source.emitTrades('GARAN', [{ id: '61', t: 2_000, price: '300.10', qty: '3', side: 'sell' }]);
    source.emitCandle('GARAN', '1m', { t: 349 * 60_000, o: '1', h: '2', l: '1', c: '2', v: '3' });
    expect(await client.next(isData('trades', 'GARAN'))).toMatchObject({
      snap: false,
      seq: tradeSnap.seq + 1,
      trades: [{ id: '61', side: 'sell' }],
    });
    expect(await client.next(isData('candles:1m', 'GARAN'))).toMatchObject({
      snap: false,
      seq: barSnap.seq + 1,
      bars: [{ t: 349 * 60_000, c: '2' }],
    });
  });

  it('streams mark prices of coins and refuses them for stocks', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: 'mark', symbol: 'BTCUSDT' });
    expect(await client.next(isData('mark', 'BTCUSDT'))).toMatchObject({
      snap: true,
      mark: '65000.10',
      funding: '0.0001',
      nextFunding: 1_700_000_000_000,
    });
    client.send({ op: 'sub', ch: 'mark', symbol: 'THYAO' });
    expect(await client.next(isError)).toMatchObject({ key: 'UNKNOWN_SYMBOL', ch: 'mark', symbol: 'THYAO' });
  });

  it('refuses unknown symbols and malformed frames, in the language of the upgrade request', async () => {
    const tr = await open();
    tr.send({ op: 'sub', ch: 'ticker', symbol: 'NOPE' });
    expect(await tr.next(isError)).toEqual({
      op: 'error',
      key: 'UNKNOWN_SYMBOL',
      msg: 'Sembol bulunamadı.',
      ch: 'ticker',
      symbol: 'NOPE',
    });
    const en = await open({ headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
    en.send({ op: 'sub', ch: 'ticker', symbol: 'NOPE' });
    expect(await en.next(isError)).toMatchObject({ key: 'UNKNOWN_SYMBOL', msg: 'Unknown symbol.' });
    const byQuery = await open({ query: 'lang=en-US' });
    for (const bad of ['{', '{"op":"sub","ch":"weather","symbol":"THYAO"}', '{"op":"sub","ch":"ticker"}'])
      byQuery.send(bad);
    byQuery.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    for (let i = 0; i < 4; i++)
      expect(await byQuery.next(isError)).toMatchObject({
        key: 'MALFORMED_REQUEST',
        msg: 'The request could not be read.',
      });
    byQuery.send({ op: 'ping' });
    const bare = await byQuery.next((f) => f.op === 'pong');
    expect(bare).toMatchObject({ op: 'pong' });
    expect(bare).not.toHaveProperty('echo');
    // A ping stamped with the client's clock gets it back beside the server's: the app measures
    // the round trip and how far the clocks differ from that (workers/feed-lag.ts).
    const before = Date.now();
    byQuery.send({ op: 'ping', ts: 1_700_000_000_123 });
    const pong = await byQuery.next((f) => f.op === 'pong');
    expect(pong).toMatchObject({ op: 'pong', echo: 1_700_000_000_123 });
    expect((pong as { ts: number }).ts).toBeGreaterThanOrEqual(before);
  });

  it('caps a socket at 200 subscriptions', async () => {
    const client = await open({ query: 'lang=en-US' });
    const symbols = Array.from({ length: 100 }, (_, i) => `S${i + 1}`);
    for (const symbol of symbols)
      for (const ch of ['ticker', 'trades']) client.send({ op: 'sub', ch, symbol });
    for (let i = 0; i < 200; i++) await client.next((f) => f.op === 'subscribed' || f.op === 'error');
    expect(client.frames.filter(isError)).toEqual([]);
    client.send({ op: 'sub', ch: 'book', symbol: 'S1' });
    expect(await client.next(isError)).toEqual({
      op: 'error',
      key: 'TOO_MANY_SUBSCRIPTIONS',
      msg: 'Too many subscriptions on this connection (at most 200).',
      ch: 'book',
      symbol: 'S1',
    });
    // Re-subscribing to a stream it has is not a new subscription; an unsub frees a place.
    client.send({ op: 'sub', ch: 'ticker', symbol: 'S1' });
    expect(await client.next((f) => f.op === 'subscribed' || f.op === 'error')).toMatchObject({
      op: 'subscribed',
    });
    client.send({ op: 'unsub', ch: 'ticker', symbol: 'S1' });
    expect(await client.next((f) => f.op === 'unsubscribed')).toEqual({
      op: 'unsubscribed',
      ch: 'ticker',
      symbol: 'S1',
    });
    client.send({ op: 'sub', ch: 'book', symbol: 'S1' });
    expect(await client.next((f) => f.op === 'subscribed' || f.op === 'error')).toEqual({
      op: 'subscribed',
      ch: 'book',
      symbol: 'S1',
    });
  });

  it('serialises each update once, however many sockets follow the stream', async () => {
    source.setTicker('GARAN', { last: '120.00', prev: '118.00' });
    const followers = await Promise.all(Array.from({ length: 10 }, () => open()));
    for (const f of followers) f.send({ op: 'sub', ch: 'ticker', symbol: 'GARAN' });
    await Promise.all(followers.map((f) => f.next(isData('ticker', 'GARAN', true))));
    // The codec writes a frame with a JSON.stringify a value: one encoding of one ticker frame
    // makes that many calls, and ten sockets must not make more.
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      encodeStream({
        op: 'data',
        ch: 'ticker',
        s: 'GARAN',
        seq: 1,
        t: 1,
        snap: false,
        last: '1',
        open: '1',
        high: '1',
        low: '1',
        prev: '1',
        vol: '1',
        turnover: '1',
      });
      const once = stringify.mock.calls.length;
      stringify.mockClear();
      source.emitTicker('GARAN', { last: '120.10' });
      expect(stringify).toHaveBeenCalledTimes(once);
    } finally {
      stringify.mockRestore();
    }
    const got = await Promise.all(followers.map((f) => f.next(isData('ticker', 'GARAN', false))));
    expect(new Set(got.map((m) => JSON.stringify(m))).size).toBe(1);
  });

  it('sends a heartbeat every second to every socket', async () => {
    const client = await open();
    const first = await client.next((f) => f.op === 'hb', 5000);
    const second = await client.next((f) => f.op === 'hb', 5000);
    expect(first.op === 'hb' && second.op === 'hb' && second.t > first.t).toBe(true);
  });
});
