import { isInterval, type Interval } from '../../domain/market/instrument';
import type { PublicChannel, StreamMessage } from '../../domain/protocol/ws';
import type { Instrument, MarketEvent, MarketSource, SourceMark, SourceTicker } from '../market/source';

/**
 * What each public stream sends: the snapshot a subscriber starts from, and the update an
 * event of the source becomes. Sizes of snapshots are the protocol's (docs/market-data-protocol.md).
 */
export const SNAPSHOT_TRADES = 50;
export const SNAPSHOT_BOOK_DEPTH = 50;
export const SNAPSHOT_BARS = 300;

/** One stream = one channel of one symbol; its key names it in the hub's maps. */
export function streamKey(ch: PublicChannel, symbol: string): string {
  return `${ch}|${symbol}`;
}

export function candleInterval(ch: PublicChannel): Interval | null {
  const interval = ch.startsWith('candles:') ? ch.slice(8) : '';
  return isInterval(interval) ? interval : null;
}

/** Whether a channel exists for an instrument: mark prices are the coins' (contracts) only. */
export function channelFits(ch: PublicChannel, instrument: Instrument): boolean {
  return ch !== 'mark' || instrument.market === 'coin';
}

const head = <C extends PublicChannel>(ch: C, s: string, seq: number, t: number, snap: boolean) => ({
  op: 'data' as const,
  ch,
  s,
  seq,
  t,
  snap,
});

/** A ticker as the wire carries it (the hub's streams and a replay's frames alike). */
export function tickerBody(ticker: SourceTicker) {
  const { last, open, high, low, prev, volume, turnover } = ticker;
  return { last, open, high, low, prev, vol: volume, turnover };
}

export function markBody(mark: SourceMark) {
  return { mark: mark.mark, funding: mark.funding, nextFunding: mark.nextFunding };
}

/**
 * A snapshot at the stream's seq (a book's at the source's own book seq), or undefined when the
 * source has nothing yet (a ticker before the first print): the subscriber then waits for one.
 * `seq` is read after the source: a read may publish the updates the source owed (the simulator
 * catches up to the moment it is asked), and a snapshot stamped with the seq from before them
 * set the stream back, so that its next updates went out again under numbers already sent.
 */
export function snapshotOf(
  source: MarketSource,
  ch: PublicChannel,
  symbol: string,
  seq: () => number,
  now: number,
): StreamMessage | undefined {
  switch (ch) {
    case 'ticker': {
      const ticker = source.ticker(symbol);
      return ticker && { ...head(ch, symbol, seq(), ticker.t, true), ...tickerBody(ticker) };
    }
    case 'mark': {
      const mark = source.mark(symbol);
      return mark && { ...head(ch, symbol, seq(), mark.t, true), ...markBody(mark) };
    }
    case 'trades': {
      const trades = source.trades(symbol, SNAPSHOT_TRADES);
      return { ...head(ch, symbol, seq(), now, true), trades };
    }
    case 'book': {
      const book = source.book(symbol, SNAPSHOT_BOOK_DEPTH);
      return book && { ...head(ch, symbol, book.seq, book.t, true), bids: book.bids, asks: book.asks };
    }
    default: {
      const interval = candleInterval(ch);
      if (!interval) return undefined;
      // History still on its way (a follower node): the subscriber waits rather than start empty.
      source.candles(symbol, interval, 1);
      if (source.historyPending?.(symbol, interval)) return undefined;
      const bars = source.candles(symbol, interval, SNAPSHOT_BARS);
      return { ...head(ch, symbol, seq(), now, true), bars };
    }
  }
}

/**
 * The stream an event updates and its update message at `seq` (the hub's next seq; a book
 * event brings its own). Status events have no stream.
 */
export function updateOf(
  event: MarketEvent,
  nextSeq: (key: string) => number | undefined,
  now: number,
): { key: string; message: StreamMessage } | undefined {
  switch (event.type) {
    case 'ticker': {
      const key = streamKey('ticker', event.symbol);
      const seq = nextSeq(key);
      return seq === undefined
        ? undefined
        : {
            key,
            message: {
              ...head('ticker', event.symbol, seq, event.ticker.t, false),
              ...tickerBody(event.ticker),
            },
          };
    }
    case 'mark': {
      const key = streamKey('mark', event.symbol);
      const seq = nextSeq(key);
      return seq === undefined
        ? undefined
        : {
            key,
            message: { ...head('mark', event.symbol, seq, event.mark.t, false), ...markBody(event.mark) },
          };
    }
    case 'trades': {
      const key = streamKey('trades', event.symbol);
      const seq = nextSeq(key);
      const t = event.trades.at(-1)?.t ?? now;
      return seq === undefined
        ? undefined
        : { key, message: { ...head('trades', event.symbol, seq, t, false), trades: event.trades } };
    }
    case 'book': {
      const key = streamKey('book', event.symbol);
      const { bids, asks } = event;
      return { key, message: { ...head('book', event.symbol, event.seq, event.t, false), bids, asks } };
    }
    case 'candle': {
      const ch = `candles:${event.interval}` as const;
      const key = streamKey(ch, event.symbol);
      const seq = nextSeq(key);
      return seq === undefined
        ? undefined
        : { key, message: { ...head(ch, event.symbol, seq, now, false), bars: [event.candle] } };
    }
    default:
      return undefined;
  }
}
