import { encodeStream } from '../../domain/protocol/stream-codec';
import type { PublicChannel, StreamMessage, WireLevel } from '../../domain/protocol/ws';
import type { Candle } from '../../domain/protocol/market';
import { SNAPSHOT_BARS, SNAPSHOT_BOOK_DEPTH, SNAPSHOT_TRADES } from '../ws/streams';
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

/**
 * A replay's stream frames, conflated between two reads: each stream's changes since the last
 * read make one update at the stream's next seq (a book's touched levels at their quantities now,
 * the trades printed since, the bars that changed, the ticker as it is), written with the stream
 * codec the live hub uses (`encodeStream`), so the market-data worker applies them with the same
 * state code. After a start, a jump or a reset every stream starts again from a snapshot.
 */
export class ReplayFrames {
  private readonly seqs = new Map<string, number>();
  private changes = new Map<string, Changes>();
  private fresh = true;

  constructor(private readonly market: ReplayMarket) {}

  /** Every stream starts again from a snapshot on the next read. */
  restart(): void {
    this.fresh = true;
    this.changes = new Map();
  }

  note(symbol: string, event: Recorded): void {
    if (this.fresh) return;
    let c = this.changes.get(symbol);
    if (!c) this.changes.set(symbol, (c = noChanges()));
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

  private nextSeq(ch: PublicChannel, symbol: string): number {
    const key = `${ch}|${symbol}`;
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    return seq;
  }

  private head<C extends PublicChannel>(ch: C, s: string, t: number, snap: boolean) {
    return { op: 'data' as const, ch, s, seq: this.nextSeq(ch, s), t, snap };
  }

  private snapshots(symbol: string, now: number): StreamMessage[] {
    const m = this.market;
    const out: StreamMessage[] = [];
    const ticker = m.ticker(symbol);
    if (ticker) {
      const { last, open, high, low, prev, volume, turnover } = ticker;
      out.push({
        ...this.head('ticker', symbol, ticker.t, true),
        last,
        open,
        high,
        low,
        prev,
        vol: volume,
        turnover,
      });
    }
    const book = m.book(symbol, SNAPSHOT_BOOK_DEPTH);
    if (book) out.push({ ...this.head('book', symbol, book.t, true), bids: book.bids, asks: book.asks });
    out.push({ ...this.head('trades', symbol, now, true), trades: m.trades(symbol, SNAPSHOT_TRADES) });
    out.push({ ...this.head('candles:1m', symbol, now, true), bars: m.candles(symbol, '1m', SNAPSHOT_BARS) });
    const mark = m.mark(symbol);
    if (mark && m.instrument(symbol)?.market === 'coin')
      out.push({
        ...this.head('mark', symbol, mark.t, true),
        mark: mark.mark,
        funding: mark.funding,
        nextFunding: mark.nextFunding,
      });
    return out;
  }

  private updates(symbol: string, c: Changes, now: number): StreamMessage[] {
    const m = this.market;
    const s = m.symbols.get(symbol);
    if (!s) return [];
    const out: StreamMessage[] = [];
    if (c.ticker && s.ticker) {
      const { last, open, high, low, prev, volume, turnover, t } = s.ticker;
      out.push({
        ...this.head('ticker', symbol, t, false),
        last,
        open,
        high,
        low,
        prev,
        vol: volume,
        turnover,
      });
    }
    if (c.bids.size > 0 || c.asks.size > 0) {
      const level =
        (side: Map<string, string>) =>
        (price: string): WireLevel => [price, side.get(price) ?? '0'];
      const bids = [...c.bids].map(level(s.bids));
      const asks = [...c.asks].map(level(s.asks));
      out.push({ ...this.head('book', symbol, s.bookT, false), bids, asks });
    }
    if (c.trades > 0) {
      const trades = s.trades.slice(-Math.min(c.trades, SNAPSHOT_TRADES));
      out.push({ ...this.head('trades', symbol, trades.at(-1)?.t ?? now, false), trades });
    }
    if (c.bars.size > 0) {
      const bars = [...c.bars.values()].sort((a, b) => a.t - b.t);
      out.push({ ...this.head('candles:1m', symbol, now, false), bars });
    }
    if (c.mark && s.mark && s.instrument.market === 'coin') {
      const { mark, funding, nextFunding, t } = s.mark;
      out.push({ ...this.head('mark', symbol, t, false), mark, funding, nextFunding });
    }
    return out;
  }

  /** The frames since the last read, as the wire carries them; `now` is the replay's clock. */
  drain(now: number): string[] {
    const messages: StreamMessage[] = [];
    if (this.fresh) {
      this.fresh = false;
      for (const symbol of this.market.symbols.keys()) messages.push(...this.snapshots(symbol, now));
    } else {
      for (const [symbol, c] of this.changes) messages.push(...this.updates(symbol, c, now));
    }
    this.changes = new Map();
    return messages.map(encodeStream);
  }
}
