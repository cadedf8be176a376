import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { marketRecordDays, marketRecords } from '../db/schema/replay';
import { onOneState, type MarketEvent, type MarketSource } from '../market/source';
import { istanbulDayText } from './days';
import { markTuple, tickerTuple, type Snapshot } from './record-codec';
import { bookLine, markLine, RECORD_TEXT, tradesLine, type IdChain } from './record-text';

/** How often the recorder writes what it heard (one statement for every symbol). */
export const RECORD_FLUSH_MS = 5_000;
/** Book levels a side kept in a row's snapshot (the depth the book stream's snapshot has). */
export const RECORD_BOOK_DEPTH = 50;
/**
 * A symbol's book diffs within one window of this many ms are kept as one (each level at its last
 * quantity, at the last diff's time and seq): the worker shows a book two to four times a second,
 * and a replay applies the merged diff no earlier than the last of its parts happened.
 */
export const RECORD_BOOK_MS = 500;
/** A symbol's rows carry its state at most this often (a replay starts from the last one before its time). */
export const RECORD_SNAPSHOT_MS = 60_000;
/**
 * Events held per symbol while the database does not take them (down, slow): past this the
 * symbol's events held are dropped and its next row starts with a snapshot, so a replay never
 * applies diffs across the hole.
 */
export const RECORD_BUFFER_CAP = 50_000;

/** The book diff being merged: its line is written once its window closes (or the row is taken). */
type OpenBook = {
  window: number;
  at: number;
  t: number;
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
};
/** A symbol's events since the last flush: their lines (record-text.ts), times relative to `t0`. */
type Pending = { t0: number; t1: number; lines: string[]; chain: IdChain; book: OpenBook | null };
/** A row as the statement takes it. */
type Row = { s: string; t0: number; t1: number; n: Snapshot | null; e: string; d: string };

function close(pending: Pending): void {
  const open = pending.book;
  if (!open) return;
  pending.lines[open.at] = bookLine(open.t - pending.t0, open.seq, open.bids, open.asks);
  pending.book = null;
}

/**
 * Records what the market did for replays (server/replay): every trade, book diff and mark of
 * every stock and coin is kept in memory as a short tuple as it happens (no I/O on the market's
 * path) and written every RECORD_FLUSH_MS in one statement, a row per symbol, with the symbol's
 * state every RECORD_SNAPSHOT_MS (see market_records). The first flush writes every symbol's
 * state, so a replay can start there. Indices are not recorded: nobody trades them in a replay.
 */
export class MarketRecorder {
  private pending = new Map<string, Pending>();
  private readonly snapshotAt = new Map<string, number>();
  /** Symbols whose next row must carry a snapshot (the first row, or after dropped events). */
  private readonly needSnapshot = new Set<string>();
  private readonly recorded = new Set<string>();

  constructor(private readonly market: MarketSource) {}

  /** Starts hearing the market; returns the unsubscribe. */
  listen(): () => void {
    for (const instrument of this.market.instruments())
      if (instrument.market !== 'index') {
        this.recorded.add(instrument.symbol);
        this.needSnapshot.add(instrument.symbol);
      }
    return this.market.on((event) => this.hear(event));
  }

  private hear(event: MarketEvent): void {
    // Most events are bars (one an interval a trade) and tickers, neither kept: out first.
    const type = event.type;
    if (type === 'candle' || type === 'ticker' || type === 'status' || !this.recorded.has(event.symbol))
      return;
    if (type === 'book') return this.hearBook(event);
    if (type === 'trades') {
      const t = event.trades.at(-1)?.t ?? 0;
      const pending = this.pendingOf(event.symbol, t);
      const { line, chain } = tradesLine(t - pending.t0, t, event.trades, pending.chain);
      pending.chain = chain;
      pending.lines.push(line);
    } else {
      const pending = this.pendingOf(event.symbol, event.mark.t);
      pending.lines.push(markLine(event.mark.t - pending.t0, event.mark));
    }
  }

  private hearBook(event: Extract<MarketEvent, { type: 'book' }>): void {
    const window = Math.floor(event.t / RECORD_BOOK_MS);
    const pending = this.pendingOf(event.symbol, event.t);
    let open = pending.book;
    if (open && open.window !== window) {
      close(pending);
      open = null;
    }
    if (!open) {
      open = {
        window,
        at: pending.lines.length,
        t: event.t,
        seq: event.seq,
        bids: new Map(),
        asks: new Map(),
      };
      pending.book = open;
      pending.lines.push('');
    }
    for (const [price, qty] of event.bids) open.bids.set(price, qty);
    for (const [price, qty] of event.asks) open.asks.set(price, qty);
    open.t = event.t;
    open.seq = event.seq;
  }

  /** The symbol's pending events, with room for one more at `t`. */
  private pendingOf(symbol: string, t: number): Pending {
    let pending = this.pending.get(symbol);
    if (pending && pending.lines.length >= RECORD_BUFFER_CAP) {
      // Later lines lean on earlier ones (trade ids, the merged book): all of them go.
      pending = undefined;
      this.needSnapshot.add(symbol);
    }
    if (!pending) {
      pending = { t0: t, t1: t, lines: [], chain: null, book: null };
      this.pending.set(symbol, pending);
    }
    if (t > pending.t1) pending.t1 = t;
    return pending;
  }

  private snapshotOf(symbol: string): Snapshot | null {
    const book = this.market.book(symbol, RECORD_BOOK_DEPTH);
    if (!book) return null;
    const ticker = this.market.ticker(symbol);
    const mark = this.market.mark(symbol);
    return {
      book: { seq: book.seq, t: book.t, bids: book.bids, asks: book.asks },
      ticker: ticker ? tickerTuple(ticker) : null,
      mark: mark ? markTuple(mark) : null,
      bar: this.market.candles(symbol, '1m', 1).at(-1) ?? null,
    };
  }

  /** What was heard since the last call, as rows (on one state of the market: snapshots agree with the events). */
  take(now: number): Row[] {
    return onOneState(this.market, () => {
      const rows: Row[] = [];
      const taken = this.pending;
      this.pending = new Map();
      for (const symbol of new Set([...taken.keys(), ...this.needSnapshot])) {
        const pending = taken.get(symbol);
        if (pending) close(pending);
        const due =
          this.needSnapshot.has(symbol) ||
          (pending !== undefined && now - (this.snapshotAt.get(symbol) ?? 0) >= RECORD_SNAPSHOT_MS);
        const snapshot = due ? this.snapshotOf(symbol) : null;
        if (!pending && !snapshot) continue;
        // A snapshot with no events is dated by the book it shows (or now): where a replay can start.
        const at = pending?.t1 ?? snapshot?.book.t ?? now;
        rows.push({
          s: symbol,
          t0: pending?.t0 ?? at,
          t1: at,
          n: snapshot,
          e: pending ? `${RECORD_TEXT},${pending.t0}\n${pending.lines.join('\n')}` : RECORD_TEXT + ',' + at,
          d: istanbulDayText(at),
        });
        if (snapshot) this.snapshotAt.set(symbol, now);
        this.needSnapshot.delete(symbol);
      }
      return rows;
    });
  }

  /** Writes what was heard since the last flush in one statement; resolves to the rows written. */
  async flush(db: Db, now: number): Promise<number> {
    const rows = this.take(now);
    if (rows.length === 0) return 0;
    // The events and snapshots go in as the texts the columns keep, a parameter each: the
    // database stores them without reading them (a JSON input made it parse every event and
    // print it again; text arrays made it read every character of them to split the array).
    const records = rows.map(
      (r) => sql`(${r.s}, ${r.t0}, ${r.t1}, ${r.n === null ? null : JSON.stringify(r.n)}, ${r.e})`,
    );
    // A row per symbol, each on one day: as many days rows, none repeated in the statement.
    const days = rows.map((r) => sql`(${r.d}, ${r.s}, ${r.t1}::bigint, ${r.t1}::bigint)`);
    try {
      // One statement: the rows, and the days they fall on (what the replay list reads).
      await db.execute(sql`
        with written as (
          insert into ${marketRecords} (symbol, t0, t1, snapshot, events)
          values ${sql.join(records, sql`, `)}
        )
        insert into ${marketRecordDays} (day, symbol, from_t, to_t)
        values ${sql.join(days, sql`, `)}
        on conflict (day, symbol) do update
          set from_t = least(${marketRecordDays.from}, excluded.from_t),
              to_t = greatest(${marketRecordDays.to}, excluded.to_t)`);
    } catch (error) {
      // Lost rows leave a hole: each symbol's next row starts again from a snapshot.
      for (const row of rows) this.needSnapshot.add(row.s);
      throw error;
    }
    return rows.length;
  }
}
