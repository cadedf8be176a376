import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../domain/protocol/ws';
import { createLocalBus } from '../../server/bus/local';
import type { Bus } from '../../server/bus/bus';
import { takeEpoch } from '../../server/cluster/fence';
import { publishMarket } from '../../server/cluster/market-owner';
import type { Partition } from '../../server/cluster/partition';
import { SUBJECTS } from '../../server/cluster/subjects';
import { ApiError } from '../../server/http/errors';
import { requireCatalogue, requireInstrument } from '../../server/routes/market-stock';
import { Connection, type SocketLike } from '../../server/ws/connection';
import { Hub, type HubClock } from '../../server/ws/hub';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { nodeBOnPostgres, stubLease, until } from './in-process-support';

/**
 * A node changing between following a partition and owning it has no market for a moment: its
 * mirror waits for the owner's snapshot, or its own market is still being built. A subscription
 * then was refused UNKNOWN_SYMBOL for a symbol every node lists, and a client that does not retry
 * never heard of it again. A symbol of the catalogue now waits for the market (answered with its
 * frames once loaded, or MARKET_LOADING after a bounded wait); one outside it is unknown at once.
 */
const PARTITION = 'partition:trading';

const flush = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A hub on `market` whose beats the test gives by hand, and a socket that keeps what it is sent. */
function socketOn(market: Partition['market'], instrumentWaitMs = 60_000) {
  let now = Date.now();
  let beat = () => {};
  const clock: HubClock = {
    now: () => now,
    setInterval: (fn) => ((beat = fn), 1),
    clearInterval: () => {},
  };
  const hub = new Hub(market, { clock, instrumentWaitMs });
  const messages: ServerMessage[] = [];
  const frames: { ch: string; s: string; snap: boolean; last?: string; bids?: unknown[] }[] = [];
  const socket: SocketLike = {
    bufferedAmount: 0,
    readyState: 1,
    send: (text) => messages.push(JSON.parse(text) as ServerMessage),
    sendFrame: (frame) => frames.push(JSON.parse(frame.text) as (typeof frames)[number]),
    terminate: () => {},
  };
  const connection = new Connection(hub, socket, 'en-US', () => Promise.reject(new Error('no sessions')));
  return {
    messages,
    frames,
    sub: (ch: string, symbol: string) => connection.receive(JSON.stringify({ op: 'sub', ch, symbol })),
    /** The hub's beat, `ms` later. */
    later(ms: number) {
      now += ms;
      beat();
    },
    answers: (symbol: string) =>
      messages.filter((m) => (m.op === 'subscribed' || m.op === 'error') && m.symbol === symbol),
    frameOf: (ch: string, symbol: string) => frames.find((f) => f.ch === ch && f.s === symbol),
    close: () => connection.close(),
  };
}

/** The partition's previous owner, node-a: a market of three catalogue symbols, published on `bus`. */
function oldOwner(): ScriptedSource {
  const source = scriptedSource([instrument('THYAO'), instrument('GARAN'), instrument('BTCUSDT')]);
  source.setTicker('THYAO', {
    last: '402.25',
    prev: '402.25',
    open: '402.25',
    high: '402.25',
    low: '402.25',
  });
  source.setTicker('GARAN', {
    last: '131.40',
    prev: '131.40',
    open: '131.40',
    high: '131.40',
    low: '131.40',
  });
  source.setTicker('BTCUSDT', { last: '81234.56' });
  source.setBook('BTCUSDT', 10, [['81234.00', '1.5']], [['81235.00', '2']]);
  return source;
}

/** node-a serves its market under its name and says so, as a node taking the partition does. */
async function serve(bus: Bus, source: ScriptedSource): Promise<() => void> {
  await takeEpoch(database(), PARTITION, 'node-a');
  const stop = publishMarket(bus, source, 'node-a');
  bus.publish(SUBJECTS.tradingOwner, { owner: 'node-a' });
  return stop;
}

async function unknownAtOnce(market: Partition['market']) {
  const refused = await requireInstrument(market, 'NOPE', ['stock']).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).key).toBe('UNKNOWN_SYMBOL');
}

const { db: database, start: node } = nodeBOnPostgres();

describe('a subscription while the node changes hands', () => {
  it("waits for a following node's first snapshot, then gets its frames; an unknown symbol is refused at once", async () => {
    const bus = createLocalBus();
    const lease = stubLease();
    const partition = await node(bus, lease);
    const { market } = partition;
    // No owner has answered yet: the mirror holds nothing.
    expect(market.instrument('THYAO')).toBeUndefined();
    const socket = socketOn(market);
    const short = socketOn(market, 2_000);
    socket.sub('ticker', 'THYAO');
    socket.sub('book', 'BTCUSDT');
    socket.sub('ticker', 'NOPE');
    short.sub('trades', 'GARAN');
    const rest = requireInstrument(market, 'THYAO', ['stock']);
    // A list of the whole catalogue (coin tickers, the stock list) waits the same way.
    const listed = requireCatalogue(market).then((m) => m.instruments().map((i) => i.symbol));
    await flush();
    expect(socket.answers('NOPE')).toMatchObject([{ op: 'error', key: 'UNKNOWN_SYMBOL', ch: 'ticker' }]);
    await unknownAtOnce(market);
    expect(socket.answers('THYAO')).toEqual([]);
    expect(socket.answers('BTCUSDT')).toEqual([]);
    // A bounded wait: past it, a retryable refusal in the reader's language, never UNKNOWN_SYMBOL.
    short.later(1_000);
    expect(short.answers('GARAN')).toEqual([]);
    short.later(1_500);
    expect(short.answers('GARAN')).toMatchObject([
      { op: 'error', key: 'MARKET_LOADING', ch: 'trades', msg: expect.stringMatching(/still loading/) },
    ]);

    const unserve = await serve(bus, oldOwner());
    await until('THYAO subscribed', () => (socket.answers('THYAO').length > 0 ? true : undefined));
    expect(socket.answers('THYAO')).toEqual([{ op: 'subscribed', ch: 'ticker', symbol: 'THYAO' }]);
    expect(socket.frameOf('ticker', 'THYAO')).toMatchObject({ snap: true, last: '402.25' });
    await until('the BTCUSDT book', () => socket.frameOf('book', 'BTCUSDT'));
    expect(socket.answers('BTCUSDT')).toEqual([{ op: 'subscribed', ch: 'book', symbol: 'BTCUSDT' }]);
    expect(socket.frameOf('book', 'BTCUSDT')?.bids).toEqual([['81234.00', '1.5']]);
    expect((await rest).symbol).toBe('THYAO');
    expect(await listed).toEqual(['THYAO', 'GARAN', 'BTCUSDT']);
    // Refused as loading, asked again: there now.
    short.sub('trades', 'GARAN');
    await until('GARAN subscribed', () => (short.answers('GARAN').length > 1 ? true : undefined));
    expect(short.answers('GARAN').at(-1)).toEqual({ op: 'subscribed', ch: 'trades', symbol: 'GARAN' });
    expect(socket.answers('NOPE')).toHaveLength(1);
    socket.close();
    short.close();

    // Owning, then following again: the node's new mirror starts empty until the next owner answers.
    unserve();
    lease.take();
    await until('node-b owns', () => (partition.owner() ? true : undefined));
    lease.lose();
    // Its engines stop first, then its market becomes the new mirror: empty, nobody serves it yet.
    await until('node-b follows on a new mirror', () =>
      partition.owner() || market.instrument('GARAN') ? undefined : true,
    );
    const after = socketOn(market);
    after.sub('ticker', 'GARAN');
    after.sub('ticker', 'NOPE');
    await flush();
    expect(after.answers('GARAN')).toEqual([]);
    expect(after.answers('NOPE')).toMatchObject([{ op: 'error', key: 'UNKNOWN_SYMBOL' }]);
    await unknownAtOnce(market);
    const stop = await serve(bus, oldOwner());
    await until('GARAN subscribed', () => after.frameOf('ticker', 'GARAN'));
    expect(after.answers('GARAN')).toEqual([{ op: 'subscribed', ch: 'ticker', symbol: 'GARAN' }]);
    expect(after.frameOf('ticker', 'GARAN')).toMatchObject({ snap: true, last: '131.40' });
    after.close();
    stop();
  }, 90_000);

  it('waits for the market a node starting as the owner is still building', async () => {
    const lease = stubLease(PARTITION, true);
    const partition = await node(createLocalBus(), lease);
    // Its market is drawn from scratch (no mirror to go on from): a second or more of CPU.
    expect(partition.owner()).toBe(false);
    const socket = socketOn(partition.market);
    socket.sub('candles:1m', 'ETHUSDT');
    socket.sub('mark', 'THYAO');
    socket.sub('ticker', 'NOPE');
    const rest = requireInstrument(partition.market, 'AKBNK', ['stock']);
    await flush();
    expect(socket.answers('ETHUSDT')).toEqual([]);
    expect(socket.answers('NOPE')).toMatchObject([{ op: 'error', key: 'UNKNOWN_SYMBOL' }]);
    await until('ETHUSDT subscribed', () => socket.frameOf('candles:1m', 'ETHUSDT'));
    expect(partition.owner()).toBe(true);
    expect(socket.answers('ETHUSDT')).toEqual([{ op: 'subscribed', ch: 'candles:1m', symbol: 'ETHUSDT' }]);
    expect(socket.frameOf('candles:1m', 'ETHUSDT')).toMatchObject({ snap: true });
    expect((await rest).symbol).toBe('AKBNK');
    // Known once built, and still no mark channel for a stock; the unknown symbol never waited.
    await until('THYAO answered', () => (socket.answers('THYAO').length > 0 ? true : undefined));
    expect(socket.answers('THYAO')).toMatchObject([{ op: 'error', key: 'UNKNOWN_SYMBOL', ch: 'mark' }]);
    socket.close();
  }, 90_000);
});
