import { describe, expect, it } from 'vitest';
import { barOffset, barOpenTime, INTERVALS } from '../../../domain/market/instrument';
import type { Listing } from '../source';
import { manualMarket } from './manual-market';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEED = 20261125;
// A Monday 12:00 in Istanbul, BIST open (alwaysOpen too, so the hour never matters).
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

// Only the instruments the tests read: each draws from its own seed, as in the whole catalogue,
// whose minutes of ticks took seconds of CPU a test (past the time limit on a loaded machine).
const market = () => manualMarket(SEED, START, ['THYAO', 'EGEGD', 'KPDTR', 'NOVAUSDT']);

const listings = (entries: [string, Listing][]) => new Map(entries);
const STOCK = barOffset('stock');

/**
 * An IPO's stock (or a sale's token) before its listing shows nothing made up: no book, no prints,
 * no bars, its ticker flat at the issue price; from the listing it trades from that price, and a
 * listing in the past keeps no generated history before its day (seed printed for a failure).
 */
describe(`the simulator and listing dates (seed ${SEED})`, () => {
  it('empties the book, bars and prints of a stock that lists later, and its ticker stands at the issue price', () => {
    const m = market();
    m.advance(5_000);
    expect(m.sim.book('EGEGD', 20)?.bids.length).toBeGreaterThan(0);
    m.events.length = 0;
    m.sim.list!(listings([['EGEGD', { listingAt: START + 2 * HOUR, price: '18.50' }]]));

    const book = m.sim.book('EGEGD', 50)!;
    expect(book.bids).toEqual([]);
    expect(book.asks).toEqual([]);
    // Subscribers saw the book emptied (a diff removing every level) and the flat ticker.
    const diff = m.of('EGEGD').find((e) => e.type === 'book');
    expect(diff?.type === 'book' && [...diff.bids, ...diff.asks].every(([, qty]) => qty === '0')).toBe(true);
    for (const interval of INTERVALS) expect(m.sim.candles('EGEGD', interval, 1000)).toEqual([]);
    expect(m.sim.trades('EGEGD', 100)).toEqual([]);
    expect(m.sim.ticker('EGEGD')).toMatchObject({
      last: '18.50',
      open: '18.50',
      high: '18.50',
      low: '18.50',
      prev: '18.50',
      volume: '0',
    });

    // Minutes on: nothing happened in them, an order fills nothing; THYAO traded all along.
    m.events.length = 0;
    m.advance(5 * 60_000);
    expect(m.of('EGEGD')).toEqual([]);
    expect(m.of('THYAO').length).toBeGreaterThan(0);
    expect(m.sim.execute({ symbol: 'EGEGD', side: 'buy', qty: '10', limit: null })).toEqual([]);
    expect(m.sim.ticker('EGEGD')?.last).toBe('18.50');
  });

  it('opens a book around the issue price at the listing and draws bars only from then on', () => {
    const m = market();
    const listingAt = START + 2 * 60_000;
    m.sim.list!(listings([['EGEGD', { listingAt, price: '18.50' }]]));
    m.advance(2 * 60_000 - 100);
    expect(m.sim.book('EGEGD', 5)?.bids).toEqual([]);
    m.events.length = 0;
    m.advance(200);
    const book = m.sim.book('EGEGD', 5)!;
    expect(Number(book.bids[0]![0])).toBeLessThan(18.5);
    expect(Number(book.asks[0]![0])).toBeGreaterThanOrEqual(18.5);
    expect(m.of('EGEGD').some((e) => e.type === 'book')).toBe(true);

    m.advance(5 * 60_000);
    const trades = m.sim.trades('EGEGD', 1000);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((trade) => trade.t >= listingAt)).toBe(true);
    for (const interval of INTERVALS) {
      const bars = m.sim.candles('EGEGD', interval, 1000);
      expect(bars.length, interval).toBeGreaterThan(0);
      expect(bars[0]!.t, interval).toBeGreaterThanOrEqual(barOpenTime(listingAt, interval, STOCK));
    }
    // The day's bar opens at the first print, a few ticks from the issue price.
    const day = m.sim.candles('EGEGD', '1d', 1000);
    expect(day).toHaveLength(1);
    expect(day[0]!.o).toBe(trades[0]!.price);
    expect(Math.abs(Number(day[0]!.o) - 18.5)).toBeLessThan(0.2);
  });

  it('keeps no generated bar from before a listing in the past, and trades on', () => {
    const m = market();
    const listingAt = START - 3 * DAY + 2 * HOUR;
    const daily = m.sim.candles('KPDTR', '1d', 1000);
    expect(daily[0]!.t).toBeLessThan(listingAt - 30 * DAY);
    m.sim.list!(listings([['KPDTR', { listingAt, price: '11.60' }]]));
    for (const interval of INTERVALS) {
      const opens = barOpenTime(listingAt, interval, STOCK);
      const bars = m.sim.candles('KPDTR', interval, 1000);
      expect(bars.length, interval).toBeGreaterThan(0);
      expect(
        bars.every((bar) => bar.t >= opens),
        interval,
      ).toBe(true);
    }
    // Its book and the live bars are untouched, and it goes on trading.
    expect(m.sim.book('KPDTR', 5)?.bids.length).toBeGreaterThan(0);
    m.advance(5 * 60_000);
    expect(m.sim.trades('KPDTR', 100).length).toBeGreaterThan(0);
  });

  it('measures the listing day from the issue price after a restart on that day', () => {
    const m = market();
    // Listed at 10:00 Istanbul, the simulator started at 12:00 the same day.
    m.sim.list!(listings([['EGEGD', { listingAt: START - 2 * HOUR, price: '18.50' }]]));
    const ticker = m.sim.ticker('EGEGD')!;
    expect(ticker.prev).toBe('18.50');
    const other = market();
    other.sim.list!(listings([['EGEGD', { listingAt: START - 2 * DAY, price: '18.50' }]]));
    expect(other.sim.ticker('EGEGD')!.prev).not.toBe('18.50');
  });

  it('does nothing when told the same listing again, and ignores symbols it does not carry', () => {
    const m = market();
    const told = listings([
      ['EGEGD', { listingAt: START + DAY, price: '18.40' }],
      ['NOSUCH', { listingAt: START + DAY, price: '1.00' }],
    ]);
    m.sim.list!(told);
    m.events.length = 0;
    m.sim.list!(told);
    expect(m.events).toEqual([]);
  });

  it('halts a sale token the same way until its listing', () => {
    const m = market();
    m.sim.list!(listings([['NOVAUSDT', { listingAt: START + 2 * 60_000, price: '0.1200' }]]));
    expect(m.sim.book('NOVAUSDT', 5)).toMatchObject({ bids: [], asks: [] });
    expect(m.sim.ticker('NOVAUSDT')?.last).toBe('0.1200');
    m.advance(60_000);
    expect(m.sim.trades('NOVAUSDT', 10)).toEqual([]);
    m.advance(2 * 60_000);
    expect(m.sim.book('NOVAUSDT', 5)?.asks.length).toBeGreaterThan(0);
  });
});
