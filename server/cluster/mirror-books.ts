import type { BookSnapshot } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { MarketEvent } from '../market/source';

type Side = Map<string, string>;
type Book = { seq: number; t: number; bids: Side; asks: Side };
type BookEvent = Extract<MarketEvent, { type: 'book' }>;
/** A book as the owner's snapshot carries it. */
export type SnapshotBook = Pick<BookSnapshot, 'symbol' | 'seq' | 't' | 'bids' | 'asks'>;

function apply(side: Side, levels: readonly WireLevel[]): void {
  for (const [price, qty] of levels) {
    if (Number(qty) === 0) side.delete(price);
    else side.set(price, qty);
  }
}

function top(side: Side, depth: number, bestFirst: (a: number, b: number) => number): WireLevel[] {
  return [...side.entries()]
    .sort((a, b) => bestFirst(Number(a[0]), Number(b[0])))
    .slice(0, depth)
    .map(([p, q]) => [p, q]);
}

/**
 * A follower's copies of the owner's books, kept by the owner's diffs in sequence. A gap (a lost
 * message, or a new owner's sequence) drops the book until the owner's snapshot of it lands
 * (`resnapshot`, which hands it to `take`); the diffs meanwhile are kept and replayed over it.
 */
export class MirrorBooks {
  private readonly books = new Map<string, Book>();
  private readonly resyncing = new Map<string, BookEvent[]>();

  constructor(private readonly resnapshot: (symbol: string) => Promise<void>) {}

  /** A snapshot's book, unless this copy is already further along. */
  take(b: SnapshotBook): void {
    const have = this.books.get(b.symbol);
    if (have && have.seq > b.seq) return;
    const book: Book = { seq: b.seq, t: b.t, bids: new Map(), asks: new Map() };
    apply(book.bids, b.bids);
    apply(book.asks, b.asks);
    this.books.set(b.symbol, book);
  }

  onBook(event: BookEvent): void {
    const waiting = this.resyncing.get(event.symbol);
    if (waiting) {
      waiting.push(event);
      return;
    }
    const book = this.books.get(event.symbol);
    if (book && event.seq <= book.seq) return; // the snapshot already holds it
    if (!book || event.seq !== book.seq + 1) {
      // No book until the owner's lands, so nobody snapshots a wrong one.
      this.books.delete(event.symbol);
      this.resync(event.symbol, [event]);
      return;
    }
    apply(book.bids, event.bids);
    apply(book.asks, event.asks);
    book.seq = event.seq;
    book.t = event.t;
  }

  book(symbol: string, depth: number): BookSnapshot | undefined {
    const book = this.books.get(symbol);
    if (!book) return undefined;
    return {
      symbol,
      seq: book.seq,
      t: book.t,
      bids: top(book.bids, depth, (a, b) => b - a),
      asks: top(book.asks, depth, (a, b) => a - b),
    };
  }

  private resync(symbol: string, buffered: BookEvent[]): void {
    this.resyncing.set(symbol, buffered);
    const replay = () => {
      const events = this.resyncing.get(symbol) ?? [];
      this.resyncing.delete(symbol);
      for (const event of events) if (this.books.has(symbol)) this.onBook(event);
    };
    void (async () => {
      try {
        await this.resnapshot(symbol);
      } catch {
        // No owner right now: the next diff finds no book and asks again.
      }
      replay();
    })();
  }
}
