import { encodeStream } from '../../domain/protocol/stream-codec';
import type { PublicChannel, StreamMessage, WireLevel } from '../../domain/protocol/ws';
import type { Candle } from '../../domain/protocol/market';
import { markBody, SNAPSHOT_BARS, SNAPSHOT_BOOK_DEPTH, SNAPSHOT_TRADES, tickerBody } from '../ws/streams';
import type { Recorded } from './record-codec';
import type { ReplayMarket } from './replay-market';

/** The chart interval replay frames carry (the one recorded; others are made from it on a read). */
export const REPLAY_CHANNELS = ['ticker', 'trades', 'book', 'candles:1m', 'mark'] as const;

type Changes = {
  ticker: boolean;
  mark: boolean;
  trades: number;
  bids: Set<string>;
  asks: Set<string>;
  bars: Map<number, Candle>;
};

const noChanges = (): Changes => ({
  ticker: false,
  mark: false,
  trades: 0,
  bids: new Set(),
  asks: new Set(),
  bars: new Map(),
});

/** Readers one replay keeps frames for (a tab's market-data worker each); past it the least recent goes. */
export const REPLAY_READERS_MAX = 8;

/** One reader's place: its streams' seqs, and the changes since its last read. */
type Reader = { seqs: Map<string, number>; changes: Map<string, Changes>; fresh: boolean };

const newReader = (): Reader => ({ seqs: new Map(), changes: new Map(), fresh: true });

/**
 * A replay's stream frames, conflated between two reads of each reader: each stream's changes
 * since the reader's last read make one update at the stream's next seq for that reader (a book's
 * touched levels at their quantities now, the trades printed since, the bars that changed, the
 * ticker as it is), written with the stream codec the live hub uses (`encodeStream`), so the
 * market-data worker applies them with the same state code. Every reader (two tabs on one
 * replay) has its own seqs and changes, so no read takes another's frames. A new reader, and
 * every reader after a start, a jump or a reset, starts again from a snapshot.
 */
export class ReplayFrames {
  private readonly readers = new Map<string, Reader>();

  constructor(private readonly market: ReplayMarket) {}

  /** Every reader starts again from a snapshot on its next read. */
  restart(reader?: string): void {
    for (const [id, r] of this.readers)
      if (reader === undefined || id === reader) {
        r.fresh = true;
        r.changes = new Map();
      }
  }

  note(symbol: string, event: Recorded): void {
    for (const reader of this.readers.values()) if (!reader.fresh) this.noteFor(reader, symbol, event);
  }

  private noteFor(reader: Reader, symbol: string, event: Recorded): void {
    let c = reader.changes.get(symbol);
    if (!c) reader.changes.set(symbol, (c = noChanges()));
    switch (event.kind) {
      case 'mark':
        c.mark = true;
        return;
      case 'trades': {
        // A trade moves the ticker and the live bar too (the replay makes both from the trades).
        c.trades += event.trades.length;
        c.ticker = true;
        const bar = this.market.symbols.get(symbol)?.bars.at(-1);
        if (bar) c.bars.set(bar.t, bar);
        return;
      }
      case 'book':
        for (const [price] of event.bids) c.bids.add(price);
        for (const [price] of event.asks) c.asks.add(price);
        return;
    }
  }

  private snapshots(reader: Reader, symbol: string, now: number): StreamMessage[] {
    const m = this.market;
    const out: StreamMessage[] = [];
    const head = heads(reader);
    const ticker = m.ticker(symbol);
    if (ticker) out.push({ ...head('ticker', symbol, ticker.t, true), ...tickerBody(ticker) });
    const book = m.book(symbol, SNAPSHOT_BOOK_DEPTH);
    if (book) out.push({ ...head('book', symbol, book.t, true), bids: book.bids, asks: book.asks });
    out.push({ ...head('trades', symbol, now, true), trades: m.trades(symbol, SNAPSHOT_TRADES) });
    out.push({ ...head('candles:1m', symbol, now, true), bars: m.candles(symbol, '1m', SNAPSHOT_BARS) });
    const mark = m.mark(symbol);
    if (mark && m.instrument(symbol)?.market === 'coin')
      out.push({ ...head('mark', symbol, mark.t, true), ...markBody(mark) });
    return out;
  }

  private updates(reader: Reader, symbol: string, c: Changes, now: number): StreamMessage[] {
    const m = this.market;
    const s = m.symbols.get(symbol);
    if (!s) return [];
    const out: StreamMessage[] = [];
    const head = heads(reader);
    if (c.ticker && s.ticker)
      out.push({ ...head('ticker', symbol, s.ticker.t, false), ...tickerBody(s.ticker) });
    if (c.bids.size > 0 || c.asks.size > 0) {
      const level =
        (side: Map<string, string>) =>
        (price: string): WireLevel => [price, side.get(price) ?? '0'];
      const bids = [...c.bids].map(level(s.bids));
      const asks = [...c.asks].map(level(s.asks));
      out.push({ ...head('book', symbol, s.bookT, false), bids, asks });
    }
    if (c.trades > 0) {
      const trades = s.trades.slice(-Math.min(c.trades, SNAPSHOT_TRADES));
      out.push({ ...head('trades', symbol, trades.at(-1)?.t ?? now, false), trades });
    }
    if (c.bars.size > 0) {
      const bars = [...c.bars.values()].sort((a, b) => a.t - b.t);
      out.push({ ...head('candles:1m', symbol, now, false), bars });
    }
    if (c.mark && s.mark && s.instrument.market === 'coin') {
      out.push({ ...head('mark', symbol, s.mark.t, false), ...markBody(s.mark) });
    }
    return out;
  }

  /** The frames since `reader`'s last read, as the wire carries them; `now` is the replay's clock. */
  drain(now: number, reader = ''): string[] {
    const r = this.readerOf(reader);
    const messages: StreamMessage[] = [];
    if (r.fresh) {
      r.fresh = false;
      for (const symbol of this.market.symbols.keys()) messages.push(...this.snapshots(r, symbol, now));
    } else {
      for (const [symbol, c] of r.changes) messages.push(...this.updates(r, symbol, c, now));
    }
    r.changes = new Map();
    return messages.map(encodeStream);
  }

  /** The reader, made the most recent; a new one may push the least recent out. */
  private readerOf(id: string): Reader {
    const found = this.readers.get(id) ?? newReader();
    this.readers.delete(id);
    this.readers.set(id, found);
    const oldest = this.readers.keys().next().value;
    if (this.readers.size > REPLAY_READERS_MAX && oldest !== undefined) this.readers.delete(oldest);
    return found;
  }
}

/** A reader's frame heads: each stream's next seq for that reader. */
function heads(reader: Reader) {
  return <C extends PublicChannel>(ch: C, s: string, t: number, snap: boolean) => {
    const key = `${ch}|${s}`;
    const seq = (reader.seqs.get(key) ?? 0) + 1;
    reader.seqs.set(key, seq);
    return { op: 'data' as const, ch, s, seq, t, snap };
  };
}
