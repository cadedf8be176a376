import { sql } from 'drizzle-orm';
import type { WireLevel } from '../../domain/protocol/ws';
import type { Db } from '../db/client';
import { marketRecordDays, marketRecords } from '../db/schema/replay';
import { onOneState, type MarketEvent, type MarketSource } from '../market/source';
import { istanbulDayText } from './days';
import {
  encodeEvent,
  markTuple,
  tickerTuple,
  type BookTuple,
  type RecordTuple,
  type Snapshot,
} from './record-codec';

/** How often the recorder writes what it heard (one statement for every symbol). */
export const RECORD_FLUSH_MS = 5_000;
/** Book levels a side kept in a row's snapshot (the depth the book stream's snapshot has). */
export const RECORD_BOOK_DEPTH = 50;
/**
 * A symbol's book diffs within one window of this many ms are kept as one (each level at its last
 * quantity, at the last diff's time and seq): the worker shows a book two to four times a second,
 * and a replay applies the merged diff no earlier than the last of its parts happened. Half a
 * second keeps the recorder's CPU near the `record-cost` goal (tests/bench/record-cost.cases.ts).
 */
export const RECORD_BOOK_MS = 500;
/** A symbol's rows carry its state at most this often (a replay starts from the last one before its time). */
export const RECORD_SNAPSHOT_MS = 60_000;
/**
 * Events held per symbol while the database does not take them (down, slow): past this the
 * symbol's oldest are dropped and its next row starts with a snapshot, so a replay never applies
 * diffs across the hole.
 */
export const RECORD_BUFFER_CAP = 50_000;

type OpenBook = { window: number; tuple: BookTuple; bids: Map<string, string>; asks: Map<string, string> };
type Pending = { t0: number; t1: number; tuples: RecordTuple[]; book: OpenBook | null };
/** A row as the statement takes it: the snapshot and events as JSON values, written once (not strings in JSON). */
type Row = { s: string; t0: number; t1: number; n: Snapshot | null; e: RecordTuple[]; d: string };

const levels = (side: Map<string, string>): WireLevel[] => [...side];

/** The open book tuple's levels written into it: it is final once its window closes or the row is taken. */
function close(open: OpenBook | null): void {
  if (!open) return;
  open.tuple[3] = levels(open.bids);
  open.tuple[4] = levels(open.asks);
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
    if (event.type === 'book') return this.hearBook(event);
    const tuple = encodeEvent(event);
    if (tuple) this.add(event.symbol, tuple);
  }

  private hearBook(event: Extract<MarketEvent, { type: 'book' }>): void {
    const window = Math.floor(event.t / RECORD_BOOK_MS);
    const open = this.pending.get(event.symbol)?.book;
    if (open && open.window === window) {
      for (const [price, qty] of event.bids) open.bids.set(price, qty);
      for (const [price, qty] of event.asks) open.asks.set(price, qty);
      open.tuple[1] = event.t;
      open.tuple[2] = event.seq;
      const pending = this.pending.get(event.symbol)!;
      pending.t1 = Math.max(pending.t1, event.t);
      return;
    }
    close(open ?? null);
    const tuple: BookTuple = ['b', event.t, event.seq, event.bids, event.asks];
    const pending = this.add(event.symbol, tuple);
    pending.book = { window, tuple, bids: new Map(event.bids), asks: new Map(event.asks) };
  }

  private add(symbol: string, tuple: RecordTuple): Pending {
    const t = tuple[1];
    let pending = this.pending.get(symbol);
    if (!pending) this.pending.set(symbol, (pending = { t0: t, t1: t, tuples: [], book: null }));
    if (pending.tuples.length >= RECORD_BUFFER_CAP) {
      pending.tuples.splice(0, pending.tuples.length / 2);
      pending.t0 = pending.tuples[0]?.[1] ?? t;
      this.needSnapshot.add(symbol);
    }
    pending.tuples.push(tuple);
    pending.t1 = Math.max(pending.t1, t);
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
        close(pending?.book ?? null);
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
          e: pending?.tuples ?? [],
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
    try {
      // One statement: the rows, and the days they fall on (what the replay list reads).
      await db.execute(sql`
        with input as (
          select * from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(s text, t0 bigint, t1 bigint, n json, e json, d text)
        ), written as (
          insert into ${marketRecords} (symbol, t0, t1, snapshot, events)
          select s, t0, t1, n::text, e::text from input
        )
        insert into ${marketRecordDays} (day, symbol, from_t, to_t)
        select d, s, min(t1), max(t1) from input group by d, s
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
