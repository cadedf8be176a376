import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../../domain/market/instrument';
import { candleSchema, tradeSchema } from '../../domain/protocol/market';
import { fixtureLines, settle } from '../fixtures/binance/fixture-transport';
import { T0, startHarness } from '../fixtures/binance/setup';

const M = 60_000;

describe('Binance coins feed', () => {
  it('builds instruments from exchangeInfo and subscribes every stream of every listed symbol', async () => {
    const h = await startHarness();
    expect(h.coins.instruments().map((i) => i.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(h.coins.instrument('BTCUSDT')).toMatchObject({
      name: 'Bitcoin',
      market: 'coin',
      priceScale: 2,
      qtyScale: 5,
      minQty: '0.00001',
      base: 'BTC',
      quote: 'USDT',
    });
    expect(h.coins.instrument('ETHUSDT')).toMatchObject({ qtyScale: 4, minQty: '0.0001' });
    expect(h.warnings).toEqual(['binance: NOPEUSDT is not listed; left out']);
    const url = new URL(h.transport.streams[0]!.url);
    expect(url.origin + url.pathname).toBe('wss://stream.binance.com:9443/stream');
    const streams = url.searchParams.get('streams')!.split('/');
    for (const s of ['btcusdt', 'ethusdt']) {
      expect(streams).toEqual(
        expect.arrayContaining([
          `${s}@ticker`,
          `${s}@trade`,
          `${s}@depth@100ms`,
          ...INTERVALS.map((i) => `${s}@kline_${i}`),
        ]),
      );
    }
    expect(streams).toHaveLength(22);
    expect(h.coins.status('CRYPTO')).toMatchObject({ market: 'CRYPTO', state: 'open', open: true });
    h.coins.stop();
  });

  it('maps ticker, trades (taker side) and klines, and merges kline history on first use', async () => {
    const h = await startHarness();
    const stream = h.transport.streams[0]!;
    stream.open();
    stream.push(...fixtureLines('btcusdt-events.jsonl'));

    expect(h.coins.ticker('BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      last: '95000.00',
      open: '93500.00',
      high: '95500.00',
      low: '93000.01',
      prev: '93500.00',
      volume: '12345.67891',
      turnover: '1163012345.98',
      t: T0 + 1000,
    });
    const trades = h.coins.trades('BTCUSDT', 10);
    expect(trades).toEqual([
      { id: '5001', t: T0 + 1099, price: '95000.50', qty: '0.01200', side: 'buy' },
      { id: '5002', t: T0 + 1199, price: '95000.00', qty: '0.50000', side: 'sell' },
    ]);
    for (const trade of trades) tradeSchema.parse(trade);
    expect(h.coins.trades('BTCUSDT', 1)).toEqual([trades[1]]);
    const candleEvents = h.events.filter((e) => e.type === 'candle');
    expect(candleEvents).toHaveLength(2);
    expect(candleEvents[0]).toMatchObject({
      symbol: 'BTCUSDT',
      interval: '1m',
      candle: { t: T0, c: '95000.00' },
    });

    // First use: the live bars now, the REST history once it lands (live bar wins its own minute).
    expect(h.coins.candles('BTCUSDT', '1m', 10).map((c) => c.t)).toEqual([T0, T0 + M]);
    await settle();
    const bars = h.coins.candles('BTCUSDT', '1m', 10);
    expect(bars).toEqual([
      { t: T0 - 2 * M, o: '94950.00', h: '95010.00', l: '94940.00', c: '94990.00', v: '12.34567' },
      { t: T0 - M, o: '94990.00', h: '95020.00', l: '94980.00', c: '95005.00', v: '8.00000' },
      { t: T0, o: '95005.00', h: '95006.00', l: '94999.00', c: '95000.00', v: '0.80000' },
      { t: T0 + M, o: '95000.00', h: '95001.00', l: '95000.00', c: '95001.00', v: '0.10000' },
    ]);
    for (const bar of bars) candleSchema.parse(bar);
    expect(h.coins.candles('BTCUSDT', '1m', 2, T0).map((c) => c.t)).toEqual([T0 - 2 * M, T0 - M]);
    expect(h.transport.gets.filter((g) => g.startsWith('/api/v3/klines'))).toHaveLength(1);
    expect(h.coins.stats().malformed).toBe(0);
    h.coins.stop();
  });

  it('derives the mark from a smoothed mid price and sends it at most once a second', async () => {
    const h = await startHarness();
    const frames = fixtureLines('btcusdt-depth-stream.jsonl');
    const stream = h.transport.streams[0]!;
    stream.open();
    stream.push(frames[0]!, frames[1]!);
    await settle();
    // Best 95000.00 / 95001.50 → mid 95000.75.
    expect(h.coins.mark('BTCUSDT')).toMatchObject({ mark: '95000.75', funding: null, nextFunding: null });
    stream.push(frames[2]!); // best ask 95000.50 → mid 95000.25; EMA 0.2 → 95000.65
    expect(h.coins.mark('BTCUSDT')!.mark).toBe('95000.65');
    const marks = () => h.events.filter((e) => e.type === 'mark' && e.symbol === 'BTCUSDT');
    expect(marks()).toHaveLength(1);
    h.time.advance(1_000);
    stream.push(frames[3]!);
    expect(marks()).toHaveLength(2);
    h.coins.stop();
  });

  it('counts and drops malformed messages without throwing or emitting', async () => {
    const h = await startHarness();
    const stream = h.transport.streams[0]!;
    stream.open();
    await settle();
    const before = h.events.length;
    const bad = fixtureLines('malformed.jsonl');
    expect(() => stream.push(...bad)).not.toThrow();
    expect(h.coins.stats().malformed).toBe(bad.length);
    expect(h.events.length).toBe(before);
    expect(h.coins.trades('BTCUSDT', 10)).toEqual([]);
    expect(h.coins.ticker('BTCUSDT')).toBeUndefined();
    h.coins.stop();
  });

  it('reconnects with a growing jittered backoff and resubscribes the same streams', async () => {
    const h = await startHarness();
    const first = h.transport.streams[0]!;
    first.open();
    await settle();
    first.fail('socket hang up');
    h.time.advance(750);
    const second = h.transport.streams[1]!;
    expect(second.url).toBe(first.url);
    second.drop(); // never delivered: the backoff grows (2 s step × 0.75)
    h.time.advance(1_499);
    expect(h.transport.streams).toHaveLength(2);
    h.time.advance(1);
    const third = h.transport.streams[2]!;
    expect(third.url).toBe(first.url);
    third.open();
    await settle();
    expect(h.coins.stats().reconnects).toBe(1);
    // Every book is re-snapshotted on the new stream (BTCUSDT and ETHUSDT, twice each).
    expect(h.transport.gets.filter((g) => g.startsWith('/api/v3/depth'))).toHaveLength(4);
    expect(first.closed && second.closed).toBe(true);
    first.push(fixtureLines('btcusdt-events.jsonl')[1]!); // a closed stream's late frame is ignored
    expect(h.coins.trades('BTCUSDT', 10)).toEqual([]);
    h.coins.stop();
    third.drop();
    h.time.advance(60_000);
    expect(h.transport.streams).toHaveLength(3);
  });
});
