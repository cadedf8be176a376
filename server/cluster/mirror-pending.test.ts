import { describe, expect, it } from 'vitest';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { Candle } from '../../domain/protocol/market';
import type { MarketEvent } from '../market/source';
import { updateOf } from '../ws/streams';
import { MIRROR_TRADES } from './mirror-snapshot';
import { PendingFrames, QUEUED } from './mirror-pending';
import { createLocalBus } from '../bus/local';
import { instrument, scriptedSource } from '../../tests/support/scripted-source';
import { publishMarket } from './market-owner';
import { MirrorMarket } from './mirror-market';
import { fixedOwner } from './owner';
import { SwitchMarket } from './switch-market';

/** An event as the owner puts it on the bus: its stream's key and frame. */
function frameOf(event: MarketEvent, seq: number): { key: string; text: string } {
  const update = updateOf(event, () => seq, 0);
  if (!update) throw new Error(`no frame for ${event.type}`);
  return { key: update.key, text: encodeStream(update.message) };
}

const bar = (t: number, c: string): Candle => ({ t, o: '10', h: c, l: '10', c, v: '1' });
const candle = (t: number, c: string): MarketEvent => ({
  type: 'candle',
  symbol: 'THYAO',
  interval: '1m',
  candle: bar(t, c),
});

function recorder() {
  const applied: MarketEvent[] = [];
  return { applied, pending: new PendingFrames((event) => applied.push(event)) };
}

describe('the frames a follower forwards before anything reads them', () => {
  it('applies the newest frame of each bar of a candle stream, oldest bar first, and nothing else', () => {
    const { applied, pending } = recorder();
    // Three bars: 5 updates of the first, 1 of the second, 7 of the third.
    const frames = [
      ...[1, 2, 3, 4, 5].map((i) => candle(60_000, `10.${i}`)),
      candle(120_000, '11.00'),
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => candle(180_000, `12.${i}`)),
    ].map((event, i) => frameOf(event, i + 1));
    for (const { key, text } of frames) pending.add(key, text);
    expect(applied).toEqual([]);
    pending.read('candles:1m|THYAO');
    expect(applied).toEqual([candle(60_000, '10.5'), candle(120_000, '11.00'), candle(180_000, '12.7')]);
    // Read once: nothing waits any more.
    pending.read('candles:1m|THYAO');
    expect(applied).toHaveLength(3);
  });

  it('keeps the newest quote only, and every trade and diff of a book, in order', () => {
    const { applied, pending } = recorder();
    const ticker = (last: string, t: number): MarketEvent => ({
      type: 'ticker',
      symbol: 'THYAO',
      ticker: {
        symbol: 'THYAO',
        last,
        open: '1',
        high: '1',
        low: '1',
        prev: '1',
        volume: '1',
        turnover: '1',
        t,
      },
    });
    for (const [i, last] of ['318.00', '318.25', '318.50'].entries()) {
      const { key, text } = frameOf(ticker(last, i + 1), i + 1);
      pending.add(key, text);
    }
    const trade = (i: number): MarketEvent => ({
      type: 'trades',
      symbol: 'THYAO',
      trades: [{ id: `T-${i}`, t: i, price: '318.00', qty: '1', side: 'buy' }],
    });
    for (let i = 1; i <= MIRROR_TRADES + 5; i++) {
      const { key, text } = frameOf(trade(i), i);
      pending.add(key, text);
    }
    pending.readAll();
    expect(applied.filter((e) => e.type === 'ticker')).toEqual([ticker('318.50', 3)]);
    const ids = applied.flatMap((e) => (e.type === 'trades' ? e.trades.map((t) => t.id) : []));
    expect(ids).toEqual(Array.from({ length: MIRROR_TRADES + 5 }, (_, i) => `T-${i + 1}`));

    applied.length = 0;
    const diff = (seq: number): MarketEvent => ({
      type: 'book',
      symbol: 'THYAO',
      seq,
      t: seq,
      bids: [['318.00', String(seq)]],
      asks: [],
    });
    // A book's diffs wait until QUEUED of them, then are all read, in order, without being asked.
    for (let seq = 1; seq < QUEUED; seq++) {
      const { key, text } = frameOf(diff(seq), seq);
      pending.add(key, text);
    }
    expect(applied).toEqual([]);
    const { key, text } = frameOf(diff(QUEUED), QUEUED);
    pending.add(key, text);
    expect(applied.map((e) => (e.type === 'book' ? e.seq : 0))).toEqual(
      Array.from({ length: QUEUED }, (_, i) => i + 1),
    );
  });

  it("reads the same state as the owner's when read, and every event once a listener follows", async () => {
    const bus = createLocalBus();
    const owner = scriptedSource([instrument('THYAO')]);
    owner.setBook('THYAO', 10, [['318.00', '5']], [['318.50', '5']]);
    const stop = publishMarket(bus, owner, 'node-a');
    const mirror = new MirrorMarket(bus, fixedOwner('node-a'));
    await mirror.load();
    const market = new SwitchMarket(mirror);
    for (let i = 1; i <= 100; i++) {
      owner.emitBook('THYAO', [['318.00', String(5 + i)]], []);
      owner.emitTicker('THYAO', { last: `318.${String(i % 100).padStart(2, '0')}`, t: i });
      owner.emitCandle('THYAO', '1m', bar(60_000 * (1 + Math.floor(i / 30)), String(300 + i)));
    }
    expect(market.ticker('THYAO')).toEqual(owner.ticker('THYAO'));
    expect(market.book('THYAO', 5)).toEqual(owner.book('THYAO', 5));
    const bars = mirror.traded().bars.get('THYAO')?.['1m'] ?? [];
    expect(bars.map((b) => [b.t, b.c])).toEqual([
      [60_000, '329'],
      [120_000, '359'],
      [180_000, '389'],
      [240_000, '400'],
    ]);
    // A listener hears every event from then on, as it comes.
    const heard: string[] = [];
    const off = market.on((event) => heard.push(event.type));
    owner.emitTicker('THYAO', { last: '319.00', t: 200 });
    expect(heard).toEqual(['ticker']);
    off();
    mirror.stop();
    stop();
  });
});
