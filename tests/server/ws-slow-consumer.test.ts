import { describe, expect, it } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';
import type { BookMessage } from '../../domain/protocol/ws';
import { webSocketHub } from '../../server/ws';
import type { ScriptedSource } from '../support/scripted-source';
import type { TestServer } from '../support/server';
import { diffLevels, thyaoBookServer } from './ws-book-support';
import { isData, openSocket } from '../support/ws-client';

/**
 * A reader that stops reading must cost the server a bounded buffer: its updates stop at the
 * high-water mark and, once it drains, it gets a fresh snapshot at the current seq.
 */
describe('WebSocket slow consumer (real sockets)', () => {
  let server: TestServer;
  let source: ScriptedSource;
  thyaoBookServer((s, src) => ((server = s), (source = src)));

  it('stops sending past the high-water mark, then resnapshots when the reader drains', async () => {
    const hub = webSocketHub(server.app)!;
    const slow = await openSocket(server.url);
    const brisk = await openSocket(server.url);
    for (const client of [slow, brisk]) client.send({ op: 'sub', ch: 'book', symbol: 'THYAO' });
    await slow.next(isData('book', 'THYAO', true));
    await brisk.next(isData('book', 'THYAO', true));
    const { websocketServer } = server.app as unknown as { websocketServer: { clients: Set<ServerSocket> } };
    const serverSide = [...websocketServer.clients];
    expect(serverSide).toHaveLength(2);

    // The slow reader's TCP socket stops reading: its kernel buffers fill, then ours would.
    const raw = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const received = slow.frames.length;
    let peak = 0;
    let seq = 1;
    for (let round = 0; round < 4000; round++) {
      // A big diff (~20 KB): a few thousand of these fill any socket buffer a reader stops draining.
      seq = source.emitBook('THYAO', diffLevels(500, round), []);
      for (const socket of serverSide) peak = Math.max(peak, socket.bufferedAmount);
      // Let the event loop move bytes, as a live market would between ticks.
      if (round % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // Bounded: at most the high-water mark plus the one frame that crossed it.
    expect(peak).toBeGreaterThan(hub.options.highWaterMark);
    expect(peak).toBeLessThan(hub.options.highWaterMark + 64 * 1024);

    // The brisk reader saw every diff, in order, with no gap.
    const briskBook = await brisk.next((f) => f.op === 'data' && f.ch === 'book' && f.seq === seq, 30_000);
    const seqs = brisk.stream('book', 'THYAO').map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i));
    expect(briskBook.op === 'data' && briskBook.snap).toBe(false);

    // Drained: what the slow reader gets next is a snapshot at the current seq, then diffs at seq + 1.
    raw.resume();
    const fresh = (await slow.next(
      (f) => f.op === 'data' && f.snap === true && f.seq === seq,
      30_000,
    )) as BookMessage;
    expect(fresh.asks.length + fresh.bids.length).toBeGreaterThan(0);
    const afterResume = slow.stream('book', 'THYAO');
    const before = afterResume.slice(0, afterResume.indexOf(fresh));
    // Frames queued before the mark are delivered; nothing was sent between them and the snapshot.
    expect(before.length).toBeLessThan(4000);
    expect(slow.frames.length).toBeGreaterThan(received);
    const next = source.emitBook('THYAO', [['1.00', '2']], []);
    expect(await slow.next(isData('book', 'THYAO'))).toMatchObject({ seq: next, snap: false });
    await Promise.all([slow.close(), brisk.close()]);
  }, 120_000);
});
