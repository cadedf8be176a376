import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { isData, openSocket, type WsClient } from '../support/ws-client';

const SYMBOLS = Array.from({ length: 40 }, (_, i) => `S${i + 1}`);

/** How the server side of a socket wrote ticker updates to TCP: one entry a write, holding its frames' count. */
type Writes = number[];

/** The ticker updates among a write's chunks (a heartbeat may come between two of ours). */
const tickers = (chunks: unknown[]) =>
  chunks.filter((chunk) => Buffer.isBuffer(chunk) && chunk.includes('"ch":"ticker"')).length;

/**
 * A market tick publishes one frame per symbol as it computes each. The frames a socket gets in
 * one turn of the event loop leave in one write at its end, so the client receives the tick whole
 * (the page's one pull then carries every symbol of it) rather than spread over the tick's work.
 */
describe('WebSocket frames of one turn (real sockets)', () => {
  let server: TestServer;
  let source: ScriptedSource;
  let client: WsClient;
  let writes: Writes;

  beforeAll(async () => {
    source = scriptedSource(SYMBOLS.map((s) => instrument(s)));
    for (const s of SYMBOLS) source.setTicker(s, { last: '10.00', prev: '10.00' });
    server = await startServer('pglite', { source });
    client = await openSocket(server.url);
    for (const s of SYMBOLS) client.send({ op: 'sub', ch: 'ticker', symbol: s });
    for (const s of SYMBOLS) await client.next(isData('ticker', s, true));
    // The server's end of this client's socket: count the writes that reach its TCP stream.
    const { websocketServer } = server.app as unknown as { websocketServer: { clients: Set<ServerSocket> } };
    const [socket] = [...websocketServer.clients];
    type Write = (chunk: unknown, ...rest: unknown[]) => void;
    type Writev = (chunks: { chunk: unknown }[], ...rest: unknown[]) => void;
    const raw = (socket as unknown as { _socket: { _write: Write; _writev: Writev } })._socket;
    writes = [];
    const write = raw._write.bind(raw);
    const writev = raw._writev.bind(raw);
    const note = (count: number) => {
      if (count > 0) writes.push(count);
    };
    raw._write = (chunk: unknown, ...rest: unknown[]) => {
      note(tickers([chunk]));
      return write(chunk, ...rest);
    };
    raw._writev = (chunks: { chunk: unknown }[], ...rest: unknown[]) => {
      note(tickers(chunks.map((c) => c.chunk)));
      return writev(chunks, ...rest);
    };
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("writes a turn's frames to a socket in one write, in the order they were published", async () => {
    writes.length = 0;
    for (const [i, s] of SYMBOLS.entries())
      source.emitTicker(s, { last: `10.${String(i + 1).padStart(2, '0')}` });
    expect(writes).toEqual([]); // nothing left before the turn ended
    const got = await Promise.all(SYMBOLS.map((s) => client.next(isData('ticker', s, false))));
    expect(writes).toEqual([SYMBOLS.length]);
    expect(got.map((m) => [m.s, m.ch === 'ticker' && m.last])).toEqual(
      SYMBOLS.map((s, i) => [s, `10.${String(i + 1).padStart(2, '0')}`]),
    );
    const order = client.frames
      .filter((f) => f.op === 'data' && !f.snap)
      .map((f) => (f.op === 'data' ? f.s : ''));
    expect(order.slice(-SYMBOLS.length)).toEqual(SYMBOLS);
  });

  it('writes the next turn apart, and a single frame as it is', async () => {
    writes.length = 0;
    source.emitTicker('S1', { last: '11.00' });
    await client.next(isData('ticker', 'S1', false));
    source.emitTicker('S2', { last: '11.00' });
    source.emitTicker('S3', { last: '11.00' });
    await client.next(isData('ticker', 'S3', false));
    expect(writes).toEqual([1, 2]);
  });
});
