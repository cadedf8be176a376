import { describe, expect, it } from 'vitest';
import type { BookSnapshot } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { MarketEvent } from '../../server/market/source';
import { fixtureJson, fixtureLines, settle } from '../fixtures/binance/fixture-transport';
import { startHarness } from '../fixtures/binance/setup';

type Expected = { seq: number; bids: WireLevel[]; asks: WireLevel[] };

/** What a downstream client does: start from a snapshot, apply diffs (absolute qty, '0' removes). */
function replay(start: BookSnapshot, events: MarketEvent[], symbol: string): Expected {
  const bids = new Map(start.bids);
  const asks = new Map(start.asks);
  let seq = start.seq;
  for (const event of events) {
    if (event.type !== 'book' || event.symbol !== symbol || event.seq <= start.seq) continue;
    expect(event.seq, 'republished seq is continuous').toBe(seq + 1);
    seq = event.seq;
    for (const [side, levels] of [
      [bids, event.bids],
      [asks, event.asks],
    ] as const)
      for (const [price, qty] of levels) {
        if (qty === '0') side.delete(price);
        else side.set(price, qty);
      }
  }
  const order = (side: Map<string, string>, dir: 1 | -1): WireLevel[] =>
    [...side.entries()].sort((a, b) => dir * (Number(a[0]) - Number(b[0])));
  return { seq, bids: order(bids, -1), asks: order(asks, 1) };
}

const levelsOf = (book: BookSnapshot | undefined): Expected | undefined =>
  book && { seq: book.seq, bids: book.bids, asks: book.asks };

describe('Binance order book sync', () => {
  it('follows the U/u rules, resyncs exactly once on a gap and republishes diffs that rebuild the book', async () => {
    const h = await startHarness();
    const frames = fixtureLines('btcusdt-depth-stream.jsonl');
    const stream = h.transport.streams[0]!;
    const initial = h.coins.book('BTCUSDT', 5000)!;
    expect(initial).toMatchObject({ seq: 0, bids: [], asks: [] });

    stream.open();
    // Phase A: a stale event and the bridging one arrive before the snapshot answers.
    stream.push(frames[0]!, frames[1]!);
    await settle();
    expect(h.coins.book('BTCUSDT', 5000)!.seq).toBe(1);

    // Phase B: continuing events and a late duplicate (stale after sync).
    stream.push(frames[2]!, frames[3]!, frames[4]!);
    expect(levelsOf(h.coins.book('BTCUSDT', 5000))).toEqual(fixtureJson('btcusdt-book-before-gap.json'));
    expect(h.coins.book('BTCUSDT', 2)!.bids).toEqual([
      ['95000.00', '1.70000'],
      ['94999.00', '2.00000'],
    ]);

    // The gap: the book is discarded and re-snapshotted; meanwhile the last good book stands.
    stream.push(frames[5]!);
    expect(h.coins.stats().resyncs).toBe(1);
    stream.push(frames[6]!);
    expect(levelsOf(h.coins.book('BTCUSDT', 5000))).toEqual(fixtureJson('btcusdt-book-before-gap.json'));
    await settle();
    stream.push(frames[7]!, frames[8]!);

    expect(levelsOf(h.coins.book('BTCUSDT', 5000))).toEqual(fixtureJson('btcusdt-book-final.json'));
    const depthGets = h.transport.gets.filter((get) => get.startsWith('/api/v3/depth?symbol=BTCUSDT'));
    expect(depthGets).toHaveLength(2);
    expect(h.coins.stats()).toMatchObject({ resyncs: 1, malformed: 0, reconnects: 0 });
    expect(replay(initial, h.events, 'BTCUSDT')).toEqual(levelsOf(h.coins.book('BTCUSDT', 5000)));
    h.coins.stop();
  });

  it('takes another snapshot when the first is older than the buffered stream', async () => {
    const h = await startHarness();
    const old = { lastUpdateId: 900, bids: [['94000.00000000', '1.00000000']], asks: [] };
    h.transport.answer('/api/v3/depth?symbol=BTCUSDT&limit=1000', old, fixtureJson('btcusdt-depth-1.json'));
    const frames = fixtureLines('btcusdt-depth-stream.jsonl');
    const stream = h.transport.streams[0]!;
    stream.open();
    stream.push(frames[1]!); // U=995: nothing in [901, 995) reached us, the snapshot cannot be bridged
    await settle();
    expect(h.coins.book('BTCUSDT', 10)!.seq).toBe(0);
    h.time.advance(1_000); // the retry's pause
    await settle();
    stream.push(frames[2]!, frames[3]!);
    expect(levelsOf(h.coins.book('BTCUSDT', 5000))).toEqual(fixtureJson('btcusdt-book-before-gap.json'));
    h.coins.stop();
  });

  it('republishes one diff that clears the stale book after a reconnect', async () => {
    const h = await startHarness();
    const frames = fixtureLines('btcusdt-depth-stream.jsonl');
    const first = h.transport.streams[0]!;
    const initial = h.coins.book('BTCUSDT', 5000)!;
    first.open();
    first.push(frames[0]!, frames[1]!);
    await settle();
    first.push(frames[2]!, frames[3]!);

    first.drop();
    expect(h.transport.streams).toHaveLength(1);
    h.time.advance(749); // backoff: 1 s step × (0.5 + 0.5 / 2) jitter
    expect(h.transport.streams).toHaveLength(1);
    h.time.advance(1);
    const second = h.transport.streams[1]!;
    expect(second.url).toBe(first.url);
    expect(first.closed).toBe(true);
    second.open();
    await settle();

    // The second fixture snapshot stands in for the market after the outage.
    const snap = fixtureJson('btcusdt-depth-2.json') as { bids: WireLevel[]; asks: WireLevel[] };
    const book = h.coins.book('BTCUSDT', 5000)!;
    expect(book.seq).toBe(4);
    expect(book.bids.map(([p]) => p)).toEqual(snap.bids.map(([p]) => p.slice(0, -6)));
    expect(book.asks.map(([p]) => p)).toEqual(snap.asks.map(([p]) => p.slice(0, -6)));
    const resync = h.events.filter((e) => e.type === 'book' && e.seq === 4);
    expect(resync).toHaveLength(1);
    expect(replay(initial, h.events, 'BTCUSDT')).toEqual(levelsOf(book));
    expect(h.coins.stats()).toMatchObject({ reconnects: 1, resyncs: 0 });
    h.coins.stop();
  });
});

describe('LocalBook rules', () => {
  it('treats an overlapping event after sync as a gap (spot: U must be the previous u + 1)', async () => {
    const { LocalBook } = await import('../../server/market/binance/local-book');
    const book = new LocalBook(2, () => 0);
    book.reset();
    expect(book.snapshot({ lastUpdateId: 10, bids: [[100, '1.0']], asks: [[101, '1.0']] }).kind).toBe(
      'synced',
    );
    expect(book.diff({ first: 9, last: 12, t: 1, bids: [[100, '2.0']], asks: [] }).kind).toBe('applied');
    expect(book.diff({ first: 12, last: 14, t: 2, bids: [[100, '3.0']], asks: [] }).kind).toBe('gap');
    expect(book.isSynced).toBe(false);
    expect(book.levels(5).bids).toEqual([['1.00', '2.0']]);
  });
});
