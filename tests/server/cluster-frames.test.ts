import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../server/bus/local';
import { publishMarket } from '../../server/cluster/market-owner';
import { MirrorMarket } from '../../server/cluster/mirror-market';
import { fixedOwner } from '../../server/cluster/owner';
import { partitionMap } from '../../server/cluster/partition-map';
import { partitionedMarket } from '../../server/cluster/partitioned-market';
import { partitionSubjects } from '../../server/cluster/subjects';
import { SwitchMarket } from '../../server/cluster/switch-market';
import type { MarketSource } from '../../server/market/source';
import { Connection, type SocketLike } from '../../server/ws/connection';
import type { SharedFrame } from '../../server/ws/frame';
import { Hub, type HubClock } from '../../server/ws/hub';
import { instrument, scriptedSource } from '../support/scripted-source';

// A cluster's sockets get the partition owner's frames byte for byte: the owner encodes each
// update once (its sockets and the bus share the text) and a follower hands its sockets the text
// that came, under the owner's seq, reading its mirror's state from the same frame.

const CHANNELS = ['ticker', 'book', 'trades', 'candles:1m', 'mark'] as const;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const clock: HubClock = { now: () => 1_700_000_000_000, setInterval: () => 0, clearInterval: () => {} };
const noAuth = () => Promise.reject(new Error('no sessions here'));

/** A socket that keeps the wire bytes of every stream frame it is handed, by channel. */
function recordingSocket() {
  const frames = new Map<string, Buffer[]>();
  const socket: SocketLike = {
    bufferedAmount: 0,
    readyState: 1,
    send: () => {},
    sendFrame(frame: SharedFrame) {
      const ch = /"ch":"([^"]+)"/.exec(frame.text)?.[1] ?? '?';
      frames.set(ch, [...(frames.get(ch) ?? []), Buffer.from(frame.wire)]);
    },
    terminate: () => {},
  };
  return { socket, frames };
}

function socketOn(
  market: MarketSource,
  symbols: readonly string[] = ['BTCUSDT'],
  channels: readonly string[] = CHANNELS,
) {
  const hub = new Hub(market, { clock });
  const { socket, frames } = recordingSocket();
  const connection = new Connection(hub, socket, 'en-US', noAuth);
  for (const symbol of symbols)
    for (const ch of channels) connection.receive(JSON.stringify({ op: 'sub', ch, symbol }));
  return { frames, close: () => connection.close() };
}

async function ownerAndFollower() {
  const bus = createLocalBus();
  const source = scriptedSource([instrument('BTCUSDT', { market: 'coin', base: 'BTC', quote: 'USDT' })]);
  source.setTicker('BTCUSDT', { last: '81234.56', t: 1 });
  source.setMark('BTCUSDT', { mark: '81234.00', t: 1 });
  source.setBook('BTCUSDT', 10, [['81234.00', '1.5']], [['81235.00', '2']]);
  const stop = publishMarket(bus, source, 'node-a', 3n);
  const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
  await mirror.load();
  return { source, stop, mirror, owner: new SwitchMarket(source), follower: new SwitchMarket(mirror) };
}

describe("a cluster's sockets", () => {
  it("get the owner's frame bytes on the follower, for ticker, book, trades, candles and mark", async () => {
    const { source, stop, mirror, owner, follower } = await ownerAndFollower();
    // A follower's bars come from the owner on an interval's first use (its candle snapshot
    // waits for them): asked for here, before the sockets subscribe.
    follower.candles('BTCUSDT', '1m', 1);
    await mirror.historyPending('BTCUSDT', '1m');
    const onOwner = socketOn(owner);
    await flush();
    // The market moves before the follower's socket comes: a follower numbering frames itself
    // would now be behind the owner.
    source.emitTicker('BTCUSDT', { last: '81235.00', t: 2 });
    source.emitBook('BTCUSDT', [['81233.00', '1']], []);
    source.emitTrades('BTCUSDT', [{ id: 't0', t: 2, price: '81235.00', qty: '0.02', side: 'sell' }]);
    const onFollower = socketOn(follower);
    await flush();
    expect(onFollower.frames.get('candles:1m')?.length).toBe(1);
    // Only updates count: each socket's snapshot was its own node's read.
    for (const frames of [onOwner.frames, onFollower.frames]) frames.clear();

    source.emitTicker('BTCUSDT', { last: '81240.00', t: 3 });
    source.emitBook('BTCUSDT', [['81234.00', '0']], [['81236.50', '0.25']]);
    source.emitTrades('BTCUSDT', [{ id: 't1', t: 3, price: '81240.00', qty: '0.01', side: 'buy' }]);
    const bar = { t: 0, o: '81234.56', h: '81240.00', l: '81234.56', c: '81240.00', v: '0.01' };
    source.emitCandle('BTCUSDT', '1m', bar);
    source.emitMark('BTCUSDT', { mark: '81238.00', t: 3 });
    source.emitTicker('BTCUSDT', { last: '81239.99', t: 4 });
    await flush();
    expect(onFollower.frames.get('ticker')?.[0]?.toString()).toContain('"snap":false');

    for (const ch of CHANNELS) {
      const sent = onOwner.frames.get(ch) ?? [];
      expect(sent.length, `${ch} frames on the owner`).toBeGreaterThan(0);
      expect(onFollower.frames.get(ch), `${ch} frames on the follower`).toEqual(sent);
    }
    // Each update carries the stream's next seq, the same on both nodes.
    const seqs = (onOwner.frames.get('ticker') ?? []).map((b) =>
      Number(/"seq":(\d+)/.exec(b.toString())?.[1]),
    );
    expect(seqs[1]).toBe(seqs[0]! + 1);
    // The follower's state was read from the frames it forwarded.
    expect(mirror.ticker('BTCUSDT')).toMatchObject({ last: '81239.99', t: 4 });
    expect(mirror.book('BTCUSDT', 5)?.asks).toEqual([
      ['81235.00', '2'],
      ['81236.50', '0.25'],
    ]);
    expect(mirror.trades('BTCUSDT', 1)).toEqual([
      { id: 't1', t: 3, price: '81240.00', qty: '0.01', side: 'buy' },
    ]);
    expect(mirror.mark('BTCUSDT')).toMatchObject({ mark: '81238.00', t: 3 });
    onOwner.close();
    onFollower.close();
    mirror.stop();
    stop();
  });

  it("start a follower's new subscriber at the owner's seq, so the next frame follows on", async () => {
    const { source, stop, mirror, follower } = await ownerAndFollower();
    source.emitTicker('BTCUSDT', { last: '81240.00', t: 2 });
    await flush();
    const late = socketOn(follower);
    await flush();
    const snapshot = late.frames.get('ticker')?.[0]?.toString() ?? '';
    const at = Number(/"seq":(\d+)/.exec(snapshot)?.[1]);
    expect(snapshot).toContain('"snap":true');
    source.emitTicker('BTCUSDT', { last: '81241.00', t: 3 });
    await flush();
    const next = late.frames.get('ticker')?.[1]?.toString() ?? '';
    expect(Number(/"seq":(\d+)/.exec(next)?.[1])).toBe(at + 1);
    late.close();
    mirror.stop();
    stop();
  });

  it("get each trading partition's frames through a node's one market over the partitions", async () => {
    const bus = createLocalBus();
    const btc = instrument('BTCUSDT', { market: 'coin', base: 'BTC', quote: 'USDT' });
    const thyao = instrument('THYAO');
    const map = partitionMap(2, [btc, thyao]);
    expect([map.of('BTCUSDT'), map.of('THYAO')]).toEqual([0, 1]);
    // Each partition's owner runs a source of its own symbols, on its own subjects.
    const sources = [scriptedSource([btc]), scriptedSource([thyao])];
    sources[0]!.setTicker('BTCUSDT', { last: '81234.56', t: 1 });
    sources[1]!.setTicker('THYAO', { last: '318.25', t: 1 });
    const stops = sources.map((source, p) => publishMarket(bus, source, 'node-a', 1n, partitionSubjects(p)));
    const mirrors = sources.map(
      (_, p) => new MirrorMarket(bus, fixedOwner('node-a'), Date.now, partitionSubjects(p)),
    );
    await Promise.all(mirrors.map((mirror) => mirror.load()));
    const owner = partitionedMarket(
      sources.map((source) => new SwitchMarket(source)),
      map,
    );
    const follower = partitionedMarket(
      mirrors.map((mirror) => new SwitchMarket(mirror)),
      map,
    );
    const onOwner = socketOn(owner, ['BTCUSDT', 'THYAO'], ['ticker']);
    sources[0]!.emitTicker('BTCUSDT', { last: '81235.00', t: 2 });
    await flush();
    const onFollower = socketOn(follower, ['BTCUSDT', 'THYAO'], ['ticker']);
    await flush();
    for (const frames of [onOwner.frames, onFollower.frames]) frames.clear();
    sources[1]!.emitTicker('THYAO', { last: '318.50', t: 3 });
    sources[0]!.emitTicker('BTCUSDT', { last: '81236.00', t: 3 });
    await flush();
    const sent = onOwner.frames.get('ticker') ?? [];
    expect(sent.map((b) => /"s":"([A-Z]+)"/.exec(b.toString())?.[1])).toEqual(['THYAO', 'BTCUSDT']);
    expect(onFollower.frames.get('ticker')).toEqual(sent);
    onOwner.close();
    onFollower.close();
    for (const mirror of mirrors) mirror.stop();
    for (const stop of stops) stop();
  });
});
