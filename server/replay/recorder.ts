import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { marketRecordDays, marketRecords } from '../db/schema/replay';
import { istanbulDayText } from './days';
import { onOneState, type MarketEvent, type MarketSource } from '../market/source';
import { encodeEvent, markTuple, tickerTuple, type RecordTuple, type Snapshot } from './record-codec';

/** How often the recorder writes what it heard (one statement for every symbol). */
export const RECORD_FLUSH_MS = 5_000;
/** Book levels a side kept in a row's snapshot (the depth the book stream's snapshot has). */
export const RECORD_BOOK_DEPTH = 50;
/**
 * Events held per symbol while the database does not take them (down, slow): past this the
 * symbol's oldest are dropped and its next row starts with a snapshot, so a replay never applies
 * diffs across the hole.
 */
export const RECORD_BUFFER_CAP = 50_000;

type Pending = { t0: number; t1: number; tuples: RecordTuple[]; book: boolean };
type Row = { s: string; t0: number; t1: number; n: string | null; e: string; d: string };

/**
 * Records what the market did for replays (server/replay): every event of every instrument is
 * kept in memory as a short tuple as it happens (no I/O on the market's path) and written every
 * RECORD_FLUSH_MS in one statement, a row per symbol with the symbol's state after it (see
 * market_records). The first flush writes every symbol's state, so a replay can start there.
 */
export class MarketRecorder {
  private pending = new Map<string, Pending>();
  private readonly lastT = new Map<string, number>();
  /** Symbols whose next row must carry a snapshot (the first row, or after dropped events). */
  private readonly needSnapshot = new Set<string>();

  constructor(private readonly market: MarketSource) {}

  /** Starts hearing the market; returns the unsubscribe. */
  listen(): () => void {
    for (const instrument of this.market.instruments()) this.needSnapshot.add(instrument.symbol);
    return this.market.on((event) => this.hear(event));
  }

  private hear(event: MarketEvent): void {
    if (event.type === 'status') return;
    const symbol = event.symbol;
    const tuple = encodeEvent(event, this.lastT.get(symbol) ?? 0);
    if (!tuple) return;
    const t = tuple[1];
    this.lastT.set(symbol, t);
    let pending = this.pending.get(symbol);
    if (!pending) this.pending.set(symbol, (pending = { t0: t, t1: t, tuples: [], book: false }));
    if (pending.tuples.length >= RECORD_BUFFER_CAP) {
      pending.tuples.splice(0, pending.tuples.length / 2);
      pending.t0 = pending.tuples[0]?.[1] ?? t;
      this.needSnapshot.add(symbol);
    }
    pending.tuples.push(tuple);
    pending.t1 = Math.max(pending.t1, t);
    if (tuple[0] === 'b') pending.book = true;
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
    };
  }

  /** What was heard since the last call, as rows (on one state of the market: snapshots agree with the events). */
  take(now: number): Row[] {
    return onOneState(this.market, () => {
      const rows: Row[] = [];
      const taken = this.pending;
      this.pending = new Map();
      const symbols = new Set([...taken.keys(), ...this.needSnapshot]);
      for (const symbol of symbols) {
        const pending = taken.get(symbol);
        const snapshot = pending?.book || this.needSnapshot.has(symbol) ? this.snapshotOf(symbol) : null;
        if (!pending && !snapshot) continue;
        // A snapshot with no events is dated by the book it shows (or now): where a replay can start.
        const at = pending?.t1 ?? snapshot?.book.t ?? now;
        rows.push({
          s: symbol,
          t0: pending?.t0 ?? at,
          t1: at,
          n: snapshot ? JSON.stringify(snapshot) : null,
          e: JSON.stringify(pending?.tuples ?? []),
          d: istanbulDayText(at),
        });
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
            as r(s text, t0 bigint, t1 bigint, n text, e text, d text)
        ), written as (
          insert into ${marketRecords} (symbol, t0, t1, snapshot, events)
          select s, t0, t1, n, e from input
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
