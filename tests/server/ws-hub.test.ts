import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../domain/protocol/ws';
import { Connection, type SocketLike } from '../../server/ws/connection';
import type { SharedFrame } from '../../server/ws/frame';
import { Hub, type HubClock, type Stream, type Subscriber } from '../../server/ws/hub';
import { instrument, scriptedSource } from '../support/scripted-source';

/** A clock the test turns by hand: intervals fire only when `advance` passes them. */
function manualClock() {
  let now = 1_000_000;
  const timers = new Map<number, { fn: () => void; every: number; due: number }>();
  let ids = 0;
  const clock: HubClock = {
    now: () => now,
    setInterval: (fn, ms) => {
      timers.set(++ids, { fn, every: ms, due: now + ms });
      return ids;
    },
    clearInterval: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...timers.values()].sort((a, b) => a.due - b.due)[0];
      if (!next || next.due > end) break;
      now = next.due;
      next.due += next.every;
      next.fn();
    }
    now = end;
  };
  return { clock, advance, timers };
}

/** A socket whose unsent bytes the test sets, recording what it was sent. */
function fakeSocket() {
  const sent: ServerMessage[] = [];
  const socket: SocketLike & { bufferedAmount: number; terminated: boolean } = {
    bufferedAmount: 0,
    readyState: 1,
    terminated: false,
    send: (data) => void sent.push(JSON.parse(data) as ServerMessage),
    terminate() {
      this.terminated = true;
    },
  };
  return { socket, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const noAuth = () => Promise.reject(new Error('no sessions here'));

function setup(options: { highWaterMark?: number } = {}) {
  const { clock, advance, timers } = manualClock();
  const source = scriptedSource([instrument('THYAO')], clock.now);
  source.setTicker('THYAO', { last: '300.00' });
  source.setBook('THYAO', 10, [['299.00', '5']], [['301.00', '5']]);
  const hub = new Hub(source, { clock, highWaterMark: options.highWaterMark ?? 1000, hardLimit: 10_000 });
  return { clock, advance, timers, source, hub };
}

describe('WebSocket hub in virtual time', () => {
  it('beats once a second per socket, after a short grace, and stops its timer with the last socket', async () => {
    const { advance, timers, hub } = setup();
    const { socket, sent } = fakeSocket();
    const connection = new Connection(hub, socket, 'tr-TR', noAuth);
    expect(timers.size).toBe(1);
    advance(3000);
    expect(sent.filter((m) => m.op === 'hb').map((m) => m.op === 'hb' && m.t)).toEqual([
      1_001_000, 1_002_000, 1_003_000,
    ]);
    connection.close();
    expect(timers.size).toBe(0);
    expect(hub.stats()).toEqual({ connections: 0, streams: 0, subscriptions: 0, listening: false });
  });

  it('skips a slow socket’s updates and sends it fresh snapshots once it drains', async () => {
    const { advance, source, hub } = setup();
    const { socket, sent } = fakeSocket();
    const connection = new Connection(hub, socket, 'en-US', noAuth);
    connection.receive(JSON.stringify({ op: 'sub', ch: 'book', symbol: 'THYAO' }));
    connection.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    await settle();
    const data = () => sent.filter((m) => m.op === 'data');
    expect(data().map((m) => m.op === 'data' && [m.ch, m.seq, m.snap])).toEqual([
      ['book', 10, true],
      ['ticker', 0, true],
    ]);
    source.emitBook('THYAO', [['299.50', '1']], []);
    expect(data().at(-1)).toMatchObject({ ch: 'book', seq: 11, snap: false });

    // Past the mark: nothing more reaches the socket, however much happens.
    socket.bufferedAmount = 5000;
    const before = sent.length;
    for (let i = 0; i < 100; i++) source.emitBook('THYAO', [['299.50', String(i + 2)]], []);
    advance(1000);
    expect(sent.slice(before).map((m) => m.op)).toEqual(['hb']);
    // Still above half the mark: still waiting.
    socket.bufferedAmount = 600;
    source.emitTicker('THYAO', { last: '300.50' });
    advance(1000);
    expect(sent.slice(before).map((m) => m.op)).toEqual(['hb', 'hb']);

    // Drained: one snapshot per stream that missed something, at the stream's current seq.
    socket.bufferedAmount = 0;
    advance(1000);
    const caughtUp = sent.slice(before).filter((m) => m.op === 'data');
    expect(caughtUp).toHaveLength(2);
    expect(caughtUp[0]).toMatchObject({
      ch: 'book',
      seq: 111,
      snap: true,
      bids: [
        ['299.50', '101'],
        ['299.00', '5'],
      ],
    });
    expect(caughtUp[1]).toMatchObject({ ch: 'ticker', seq: 1, snap: true, last: '300.50' });
    source.emitBook('THYAO', [['299.50', '0']], []);
    expect(data().at(-1)).toMatchObject({ ch: 'book', seq: 112, snap: false });
    connection.close();
  });

  it('drops a socket that stops reading altogether', async () => {
    const { advance, hub, source } = setup();
    const { socket } = fakeSocket();
    const connection = new Connection(hub, socket, 'tr-TR', noAuth);
    connection.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    await settle();
    socket.bufferedAmount = 20_000;
    advance(1000);
    expect(socket.terminated).toBe(true);
    expect(hub.stats()).toMatchObject({ connections: 0, streams: 0, listening: false });
    expect(source.listenerCount()).toBe(0);
  });

  it('numbers each update once when reading the source for a snapshot publishes updates it owed', async () => {
    // The simulator catches up to the moment it is asked: a snapshot's read of the ticker can
    // publish the prints it owed. The snapshot stamped before them set the stream back, and the
    // next updates went out again under seqs already sent (the fan-out bench saw one seq carry
    // two different frames).
    const { hub, source } = setup();
    let owed = 0;
    const read = source.ticker.bind(source);
    source.ticker = (symbol: string) => {
      for (; owed > 0; owed--) source.emitTicker(symbol, { last: `${300 + owed}.00` });
      return read(symbol);
    };
    const a = fakeSocket();
    const b = fakeSocket();
    const first = new Connection(hub, a.socket, 'tr-TR', noAuth);
    first.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    await settle();
    // An update: the stream's snapshot is made anew for the next subscriber, from a read.
    source.emitTicker('THYAO', { last: '300.50' });
    owed = 3;
    const second = new Connection(hub, b.socket, 'tr-TR', noAuth);
    second.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    await settle();
    source.emitTicker('THYAO', { last: '299.00' });
    const frames = (sent: ServerMessage[]) =>
      sent.flatMap((m) =>
        m.op === 'data' ? [{ seq: m.seq, snap: m.snap, last: 'last' in m ? m.last : '' }] : [],
      );
    const seqsA = frames(a.sent).map((f) => f.seq);
    expect(seqsA).toEqual([0, 1, 2, 3, 4, 5]);
    // The newcomer starts from a snapshot holding the owed prints, then the next update only.
    expect(frames(b.sent)).toEqual([
      { seq: 4, snap: true, last: '301.00' },
      { seq: 5, snap: false, last: '299.00' },
    ]);
    expect(frames(b.sent)[1]).toEqual(frames(a.sent)[5]);
    first.close();
    second.close();
  });

  it('holds one source listener while any stream is followed', async () => {
    const { hub, source } = setup();
    const a = new Connection(hub, fakeSocket().socket, 'tr-TR', noAuth);
    const b = new Connection(hub, fakeSocket().socket, 'tr-TR', noAuth);
    a.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    b.receive(JSON.stringify({ op: 'sub', ch: 'ticker', symbol: 'THYAO' }));
    b.receive(JSON.stringify({ op: 'sub', ch: 'book', symbol: 'THYAO' }));
    await settle();
    expect(source.listenerCount()).toBe(1);
    expect(hub.stats()).toEqual({ connections: 2, streams: 2, subscriptions: 3, listening: true });
    b.receive(JSON.stringify({ op: 'unsub', ch: 'book', symbol: 'THYAO' }));
    await settle();
    expect(hub.stats()).toMatchObject({ streams: 1, subscriptions: 2 });
    a.close();
    b.close();
    expect(source.listenerCount()).toBe(0);
    expect(hub.stats()).toEqual({ connections: 0, streams: 0, subscriptions: 0, listening: false });
  });
});

describe('Hub publish', () => {
  /** A subscriber that records the seqs it is handed and may act on the hub while being handed one. */
  function recorder(onDeliver?: (seq: number) => void) {
    const seqs: number[] = [];
    const subscriber: Subscriber = {
      deliver: (_stream, frame) => {
        const seq = (JSON.parse(frame.text) as { seq: number }).seq;
        seqs.push(seq);
        onDeliver?.(seq);
      },
      heartbeat: () => {},
    };
    return { subscriber, seqs };
  }

  it('hands every subscriber the same encoded frame, once', () => {
    const { hub, source } = setup();
    const frames: SharedFrame[] = [];
    const subscribers: Subscriber[] = Array.from({ length: 5 }, () => ({
      deliver: (_stream, frame) => void frames.push(frame),
      heartbeat: () => {},
    }));
    for (const s of subscribers) hub.join(s, 'book', 'THYAO');
    source.emitBook('THYAO', [['299.50', '1']], []);
    expect(frames).toHaveLength(5);
    expect(new Set(frames).size).toBe(1);
    expect(frames[0]!.wire.subarray(frames[0]!.wire.length - frames[0]!.payload.length)).toEqual(
      Buffer.from(frames[0]!.text),
    );
  });

  it('skips a subscriber removed during a publish and one that joins during it', () => {
    const { hub, source } = setup();
    const late = recorder();
    const removed = recorder();
    const kept = recorder();
    const stream: Stream = hub.join(kept.subscriber, 'book', 'THYAO');
    const first = recorder((seq) => {
      if (seq !== 11) return;
      hub.leave(removed.subscriber, stream);
      hub.join(late.subscriber, 'book', 'THYAO');
    });
    hub.join(first.subscriber, 'book', 'THYAO');
    hub.join(removed.subscriber, 'book', 'THYAO');
    hub.snapshotFrame(stream);
    source.emitBook('THYAO', [['299.50', '1']], []);
    source.emitBook('THYAO', [['299.50', '2']], []);
    expect(first.seqs).toEqual([11, 12]);
    expect(kept.seqs).toEqual([11, 12]);
    expect(removed.seqs).toEqual([]);
    // Its snapshot (taken now) holds seq 11 already: it starts from the next update.
    expect(late.seqs).toEqual([12]);
  });
});
