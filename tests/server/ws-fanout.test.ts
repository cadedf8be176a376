import { describe, expect, it } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';
import { webSocketHub } from '../../server/ws';
import type { ScriptedSource } from '../support/scripted-source';
import type { TestServer } from '../support/server';
import { diffLevels, thyaoBookServer } from './ws-book-support';
import { isData, openSocket, type WsClient } from '../support/ws-client';

/** A client that also keeps every text frame's payload exactly as it came off the wire. */
async function rawClient(url: string): Promise<WsClient & { raw: string[] }> {
  const client = await openSocket(url);
  const raw: string[] = [];
  client.socket.on('message', (data: Buffer) => raw.push(data.toString('latin1')));
  return Object.assign(client, { raw });
}

const bookUpdates = (raw: string[]) =>
  raw.filter((f) => f.startsWith('{"op":"data","ch":"book"') && f.includes('"snap":false'));
const seqOf = (frame: string) => Number(/"seq":(\d+)/.exec(frame)?.[1]);

/**
 * One stream, many real sockets: every update is encoded once and the same bytes reach every
 * subscriber, in seq order; a slow one among them is held back and resnapshotted alone.
 */
describe('WebSocket fan-out (real sockets)', () => {
  let server: TestServer;
  let source: ScriptedSource;
  thyaoBookServer((s, src) => ((server = s), (source = src)));

  it('sends every subscriber the byte-identical frame at consecutive seqs, small or large', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => rawClient(server.url)));
    for (const client of clients) client.send({ op: 'sub', ch: 'book', symbol: 'THYAO' });
    const snaps = await Promise.all(clients.map((c) => c.next(isData('book', 'THYAO', true))));
    const start = snaps[0]!.seq;
    expect(snaps.every((s) => s.seq === start)).toBe(true);
    // Sizes across the three WebSocket length encodings: < 126, < 65,536 and larger bytes.
    const sizes = [1, 3, 40, 8000, 1, 200];
    let last = start;
    for (const [round, size] of sizes.entries()) last = source.emitBook('THYAO', diffLevels(size, round), []);
    await Promise.all(clients.map((c) => c.next((f) => f.op === 'data' && f.seq === last, 10_000)));
    const first = bookUpdates(clients[0]!.raw);
    expect(first.map(seqOf)).toEqual(sizes.map((_, i) => start + 1 + i));
    expect(first.some((f) => f.length > 65_535)).toBe(true);
    for (const client of clients) expect(bookUpdates(client.raw)).toEqual(first);
    // A socket that leaves gets nothing more; the others carry on.
    await clients[0]!.close();
    const next = source.emitBook('THYAO', [['1.00', '3']], []);
    await Promise.all(clients.slice(1).map((c) => c.next((f) => f.op === 'data' && f.seq === next)));
    await Promise.all(clients.map((c) => c.close()));
  }, 60_000);

  it('holds back and resnapshots a slow reader while the fast ones get every frame, byte for byte', async () => {
    const hub = webSocketHub(server.app)!;
    const { websocketServer } = server.app as unknown as { websocketServer: { clients: Set<ServerSocket> } };
    const slow = await rawClient(server.url);
    const fast = await Promise.all(Array.from({ length: 3 }, () => rawClient(server.url)));
    for (const client of [slow, ...fast]) client.send({ op: 'sub', ch: 'book', symbol: 'THYAO' });
    await Promise.all([slow, ...fast].map((c) => c.next(isData('book', 'THYAO', true))));
    const start = fast[0]!.stream('book', 'THYAO').at(-1)!.seq;

    const raw = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    let peak = 0;
    let seq = start;
    // Until the slow socket is past the mark, and a while beyond it.
    for (let round = 0, past = 0; round < 4000 && past < 300; round++) {
      seq = source.emitBook('THYAO', diffLevels(500, round), []);
      if (peak > hub.options.highWaterMark) past++;
      for (const socket of websocketServer.clients) peak = Math.max(peak, socket.bufferedAmount);
      if (round % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(peak).toBeGreaterThan(hub.options.highWaterMark);
    expect(peak).toBeLessThan(hub.options.highWaterMark + 64 * 1024);

    await Promise.all(fast.map((c) => c.next((f) => f.op === 'data' && f.seq === seq, 30_000)));
    const expected = bookUpdates(fast[0]!.raw);
    expect(expected.map(seqOf)).toEqual(Array.from({ length: seq - start }, (_, i) => start + 1 + i));
    for (const client of fast.slice(1)) expect(bookUpdates(client.raw)).toEqual(expected);

    raw.resume();
    const fresh = await slow.next((f) => f.op === 'data' && f.snap === true && f.seq === seq, 30_000);
    expect(fresh).toMatchObject({ ch: 'book', s: 'THYAO' });
    // What it got before the snapshot is a gapless prefix of what the fast ones got.
    const held = bookUpdates(slow.raw);
    expect(held.length).toBeLessThan(expected.length);
    expect(held).toEqual(expected.slice(0, held.length));
    const next = source.emitBook('THYAO', [['1.00', '2']], []);
    for (const client of [slow, ...fast])
      expect(await client.next(isData('book', 'THYAO'))).toMatchObject({ seq: next, snap: false });
    await Promise.all([slow, ...fast].map((c) => c.close()));
  }, 300_000);
});
