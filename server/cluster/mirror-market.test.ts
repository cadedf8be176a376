import { describe, expect, it } from 'vitest';
import { BusTimeout } from '../bus/bus';
import { createLocalBus } from '../bus/local';
import { instrument, scriptedSource } from '../../tests/support/scripted-source';
import { publishMarket } from './market-owner';
import { fixedOwner } from './owner';
import { SUBJECTS } from './subjects';
import { MirrorMarket, RECORDED_MS } from './mirror-market';
import { offsetBookSeq, SwitchMarket } from './switch-market';
import type { Listing, MarketEvent } from '../market/source';

const flush = () => new Promise((r) => setTimeout(r, 0));

function ownerAndMirror() {
  const bus = createLocalBus();
  const owner = scriptedSource([instrument('THYAO'), instrument('BTCUSDT')]);
  owner.setBook(
    'THYAO',
    10,
    [
      ['318.25', '100'],
      ['318.00', '50'],
    ],
    [['318.50', '80']],
  );
  owner.setTicker('THYAO', { last: '318.25', t: 1 });
  const stop = publishMarket(bus, owner, 'node-a');
  const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
  return { bus, owner, mirror, stop };
}

describe("a follower's mirror of the owner's market", () => {
  it("carries the source's volatility, so options price the same on every node", async () => {
    const bus = createLocalBus();
    const source = scriptedSource([instrument('THYAO'), instrument('BTCUSDT')]);
    const owner = Object.assign(source, {
      volatility: (symbol: string) => (symbol === 'THYAO' ? 0.3214 : null),
    });
    const stop = publishMarket(bus, owner, 'node-a');
    const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
    await mirror.load();
    expect(mirror.volatility('THYAO')).toBe(0.3214);
    expect(mirror.volatility('BTCUSDT')).toBeNull();
    const switched = new SwitchMarket(mirror);
    expect(switched.volatility('THYAO')).toBe(0.3214);
    switched.use(owner);
    expect(switched.volatility('BTCUSDT')).toBeNull();
    mirror.stop();
    stop();
  });

  it("passes the owner's volatility and listing dates through the book-sequence offset", async () => {
    // The owner's source is offset (a takeover's sequences): without these, a cluster priced no
    // options and its simulator never heard of a listing date.
    const told: ReadonlyMap<string, Listing>[] = [];
    const source = Object.assign(scriptedSource([instrument('THYAO')]), {
      volatility: (symbol: string) => (symbol === 'THYAO' ? 0.3214 : null),
      list: (listings: ReadonlyMap<string, Listing>) => void told.push(listings),
    });
    const offset = offsetBookSeq(source, 1_000);
    expect(offset.volatility?.('THYAO')).toBe(0.3214);
    const listings = new Map([['EGEGD', { listingAt: 1, price: '18.40' }]]);
    offset.list?.(listings);
    expect(told).toEqual([listings]);
    const bus = createLocalBus();
    const stop = publishMarket(bus, offset, 'node-a');
    const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
    await mirror.load();
    expect(mirror.volatility('THYAO')).toBe(0.3214);
    mirror.stop();
    stop();
  });

  it('ignores a former owner that wakes from a stop and prints its missed ticks after a takeover', async () => {
    const bus = createLocalBus();
    const owner = scriptedSource([instrument('BTCUSDT')]);
    owner.setTicker('BTCUSDT', { last: '81234.56', t: 1 });
    const stop = publishMarket(bus, owner, 'node-a', 2n);
    const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
    await mirror.load();
    owner.emitTicker('BTCUSDT', { last: '81240.00', t: 2 });
    await flush();
    expect(mirror.ticker('BTCUSDT')?.last).toBe('81240.00');
    const forwarded: MarketEvent[] = [];
    mirror.on((event) => forwarded.push(event));
    // The owner of epoch 1 was stopped (SIGSTOP) and lost the partition: woken, its simulator
    // catches up and prints at its old prices before it hears it no longer owns anything.
    const woken = scriptedSource([instrument('BTCUSDT')]);
    const stale = woken.setTicker('BTCUSDT', { last: '96250.00', t: 3 });
    bus.publish(SUBJECTS.market, { type: 'ticker', symbol: 'BTCUSDT', ticker: stale, epoch: '1' });
    bus.publish(SUBJECTS.market, {
      type: 'trades',
      symbol: 'BTCUSDT',
      trades: [{ id: 'stale-1', t: 3, price: '96250.00', qty: '1', side: 'buy' }],
      epoch: '1',
    });
    await flush();
    expect(mirror.ticker('BTCUSDT')?.last).toBe('81240.00');
    expect(mirror.trades('BTCUSDT', 10).some((t) => t.price === '96250.00')).toBe(false);
    expect(forwarded).toEqual([]);
    // The current owner goes on as before.
    owner.emitTicker('BTCUSDT', { last: '81250.00', t: 4 });
    await flush();
    expect(mirror.ticker('BTCUSDT')?.last).toBe('81250.00');
    mirror.stop();
    stop();
  });

  it("starts from the snapshot and follows diffs with the owner's own book sequence", async () => {
    const { owner, mirror } = ownerAndMirror();
    await mirror.load();
    expect(mirror.instruments().map((i) => i.symbol)).toEqual(['THYAO', 'BTCUSDT']);
    expect(mirror.ticker('THYAO')?.last).toBe('318.25');
    expect(mirror.book('THYAO', 5)).toMatchObject({
      seq: 10,
      bids: [
        ['318.25', '100'],
        ['318.00', '50'],
      ],
    });
    const seen: MarketEvent[] = [];
    mirror.on((e) => seen.push(e));
    owner.emitBook('THYAO', [['318.25', '0']], [['318.75', '20']]);
    owner.emitTicker('THYAO', { last: '318.00', t: 2 });
    expect(mirror.book('THYAO', 5)).toEqual({
      symbol: 'THYAO',
      seq: 11,
      t: expect.any(Number),
      bids: [['318.00', '50']],
      asks: [
        ['318.50', '80'],
        ['318.75', '20'],
      ],
    });
    expect(mirror.ticker('THYAO')?.last).toBe('318.00');
    expect(seen.map((e) => e.type)).toEqual(['book', 'ticker']);
    // Levels come back best first on both sides, whatever order they were set in.
    owner.emitBook(
      'THYAO',
      [['318.10', '5']],
      [
        ['319.00', '1'],
        ['318.60', '2'],
      ],
    );
    const book = mirror.book('THYAO', 3)!;
    expect(book.bids.map(([p]) => p)).toEqual(['318.10', '318.00']);
    expect(book.asks.map(([p]) => p)).toEqual(['318.50', '318.60', '318.75']);
  });

  it("on a gap has no book (nobody snapshots a wrong one) until the owner's arrives, then replays what came meanwhile", async () => {
    const { owner, mirror } = ownerAndMirror();
    await mirror.load();
    owner.emitBook('THYAO', [['317.00', '9']], [], 15); // seq 15 after 10: a gap
    expect(mirror.book('THYAO', 5)).toBeUndefined();
    await flush();
    const book = mirror.book('THYAO', 5)!;
    expect(book.seq).toBe(15);
    expect(book.bids).toContainEqual(['317.00', '9']);
    expect(book).toEqual(owner.book('THYAO', 5));
  });

  it('fetches bar history on first use and says so while it is on its way', async () => {
    const { owner, mirror } = ownerAndMirror();
    const bars = [
      { t: 60_000, o: '1', h: '2', l: '1', c: '2', v: '10' },
      { t: 120_000, o: '2', h: '3', l: '2', c: '3', v: '5' },
    ];
    owner.setCandles('THYAO', '1m', bars);
    await mirror.load();
    expect(mirror.candles('THYAO', '1m', 10)).toEqual([]);
    const pending = mirror.historyPending('THYAO', '1m');
    expect(pending).not.toBeNull();
    await pending;
    expect(mirror.historyPending('THYAO', '1m')).toBeNull();
    expect(mirror.candles('THYAO', '1m', 10)).toEqual(bars);
    owner.emitCandle('THYAO', '1m', { t: 120_000, o: '2', h: '4', l: '2', c: '4', v: '7' });
    expect(mirror.candles('THYAO', '1m', 1)[0]?.c).toBe('4');
    expect(mirror.candles('NOPE', '1m', 10)).toEqual([]);
  });

  it('keeps the bars the owner publishes for a takeover: of an interval nobody asked for, the last hours', async () => {
    const { owner, mirror } = ownerAndMirror();
    await mirror.load();
    const t = 1_800_000_000_000;
    const bar = (at: number, c: string) => ({ t: at, o: c, h: c, l: c, c, v: '1' });
    const old = bar(t - RECORDED_MS - 60_000, '317.00');
    const recent = [bar(t - 3_600_000, '318.00'), bar(t, '318.25')];
    for (const candle of [old, ...recent]) owner.emitCandle('THYAO', '1m', candle);
    // Hourly bars a day back: a coin's 24-hour figures are read from them.
    const hourly = [bar(t - 20 * 3_600_000, '316.00'), bar(t, '318.25')];
    for (const candle of hourly) owner.emitCandle('THYAO', '1h', candle);
    owner.emitTrades('THYAO', [{ id: 'THYAO-9', t, price: '318.25', qty: '1', side: 'buy' }]);
    const traded = mirror.traded();
    expect(traded.bars.get('THYAO')).toEqual({ '1m': recent, '1h': hourly });
    expect(traded.trades.get('THYAO')?.map((trade) => trade.id)).toEqual(['THYAO-9']);
  });

  it('asks whoever owns the partition now when the named owner stopped without dying', async () => {
    // node-a was stopped (SIGSTOP): still subscribed under its name, it takes requests and
    // answers none. node-b took the partition over; the epoch row names it.
    const bus = createLocalBus();
    const owner = scriptedSource([instrument('THYAO')]);
    owner.setCandles('THYAO', '1h', [{ t: 3_600_000, o: '1', h: '2', l: '1', c: '2', v: '10' }]);
    const stop = publishMarket(bus, owner, 'node-b');
    const request = bus.request.bind(bus);
    bus.request = (subject, data, timeout) =>
      subject === SUBJECTS.marketCandles('node-a')
        ? new Promise((_, reject) => setTimeout(() => reject(new BusTimeout(subject, true)), timeout))
        : request(subject, data, timeout);
    // The mirror knew node-a; a moment later the partition is seen to move to node-b.
    let known = 'node-a';
    const moved = new Promise<void>((resolve) =>
      setTimeout(() => {
        known = 'node-b';
        resolve();
      }, 300),
    );
    const mirror = new MirrorMarket(bus, {
      current: async () => known,
      reread: async () => known,
      movedFrom: (from) => ({
        moved: from === 'node-a' ? moved : new Promise<void>(() => {}),
        cancel: () => {},
      }),
    });
    await mirror.load();
    const askedAt = Date.now();
    mirror.candles('THYAO', '1h', 1);
    await mirror.historyPending('THYAO', '1h');
    expect(mirror.candles('THYAO', '1h', 10)).toHaveLength(1);
    expect(Date.now() - askedAt).toBeLessThan(2_000);
    mirror.stop();
    stop();
  });

  it('loads a large catalogue in parts (a bus message has a size limit) and has every book', async () => {
    const bus = createLocalBus();
    const symbols = Array.from({ length: 30 }, (_, i) => `S${String(i).padStart(3, '0')}`);
    const owner = scriptedSource(symbols.map((s) => instrument(s)));
    symbols.forEach((s, i) => owner.setBook(s, i + 1, [['10.00', String(i + 1)]], [['10.05', '1']]));
    const stop = publishMarket(bus, owner, 'node-a');
    const asked: unknown[] = [];
    const request = bus.request.bind(bus);
    bus.request = (subject, data, timeout) => {
      asked.push(data);
      return request(subject, data, timeout);
    };
    const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
    await mirror.load();
    // The catalogue, then the books in parts of a dozen symbols.
    expect(asked).toHaveLength(1 + 3);
    for (const [i, s] of symbols.entries())
      expect(mirror.book(s, 1)?.bids).toEqual([['10.00', String(i + 1)]]);
    stop();
  });

  it("refuses to execute: orders are the owner's", async () => {
    const { mirror } = ownerAndMirror();
    await mirror.load();
    expect(() => mirror.execute()).toThrow(/executes no orders/);
  });
});

describe('switching sources under the routes and sockets', () => {
  it("keeps listeners across a switch, and a new owner's book sequence continues above the old one", async () => {
    const { owner, mirror } = ownerAndMirror();
    await mirror.load();
    const market = new SwitchMarket(mirror);
    const seqs: number[] = [];
    market.on((e) => {
      if (e.type === 'book') seqs.push(e.seq);
    });
    owner.emitBook('THYAO', [['318.30', '1']], []);
    // A takeover: this node's own source, seq based at the takeover time in µs.
    const local = scriptedSource([instrument('THYAO')]);
    local.setBook('THYAO', 3, [['318.25', '1']], []);
    const base = 1_700_000_000_000_000;
    market.use(offsetBookSeq(local, base));
    local.emitBook('THYAO', [['318.20', '2']], []);
    owner.emitBook('THYAO', [['318.40', '1']], []); // the old source is no longer heard
    expect(seqs).toEqual([11, base + 4]);
    expect(market.book('THYAO', 1)?.seq).toBe(base + 4);
  });
});
