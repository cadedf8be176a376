import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { marketRecordDays, marketRecords } from '../db/schema/replay';
import { onOneState, type MarketEvent, type MarketSource } from '../market/source';
import { istanbulDayText } from './days';
import { RecordDays, type DaySpan } from './record-days';
import { markTuple, sideInSteps, tickerTuple, type BookInSteps, type Snapshot } from './record-codec';
import { RECORD_DELTAS, StepsWriter } from './record-steps';
import { sectionMark } from './record-text';
import { RecordWindow } from './record-window';

/**
 * How often the recorder writes what it heard (one row, one statement, for every symbol): what a
 * kill may lose, and what the recorder holds in memory (about 500 events a second for the whole
 * simulated catalogue, written as they come: some 300 KB of text a window).
 */
export const RECORD_FLUSH_MS = 30_000;
/** Book levels a side kept in a snapshot (the depth the book stream's snapshot has). */
export const RECORD_BOOK_DEPTH = 50;
/** Every symbol's state is written at most this often (a replay starts from the last one before its time). */
export const RECORD_SNAPSHOT_MS = 60_000;
/**
 * Events written in one window while the database does not take them (down, slow, the job
 * stalled): past this what the window holds is dropped and the next row carries every symbol's
 * state, so a replay that starts after the hole never applies diffs across it.
 */
export const RECORD_BUFFER_CAP = 200_000;

/** The kinds of event recorded (tickers and bars are made again from them, record-codec.ts). */
const KEPT = ['trades', 'book', 'mark'] as const;

/**
 * A flush's row as the statement takes it, its texts as UTF-8 bytes (a bytes parameter is stored
 * as it is; a string one is measured and encoded on its way in); `days` the spans of
 * market_record_days due with it.
 */
type Row = { t0: number; t1: number; snapshot: Buffer | null; events: Buffer; days: DaySpan[] | null };

/** Values as a PostgreSQL array literal (each quoted, so no ticker or day is read as syntax). */
const arrayOf = (values: readonly (string | number)[]): string =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Records what the market did for replays (server/replay): every trade, book diff and mark of
 * every stock and coin. The listener writes each as a few numbers into the window (record-window.ts:
 * the integer steps the source hands over, no event object held, none changed); every
 * RECORD_FLUSH_MS the flush writes them all as one row's text (record-steps.ts), with every symbol's state every RECORD_SNAPSHOT_MS (see
 * market_records) and the days the row falls on when due (record-days.ts). The first row carries
 * every symbol's state, so a replay can start there. Indices are not recorded: nobody trades
 * them in a replay.
 */
export class MarketRecorder {
  private readonly window = new RecordWindow();
  private readonly writer = new StepsWriter();
  private snapshotAt = -Infinity;
  /** The next row must carry every symbol's state (the first row, or after dropped events). */
  private needSnapshot = true;
  private readonly recorded = new Set<string>();
  private readonly days = new RecordDays();
  /** Heard no more: the next row writes every day pending (the last row of a stopping job). */
  private stopped = false;

  constructor(private readonly market: MarketSource) {}

  /** Starts hearing the market; returns the unsubscribe (after it, the next flush writes every day). */
  listen(): () => void {
    for (const instrument of this.market.instruments())
      if (instrument.market !== 'index') this.recorded.add(instrument.symbol);
    this.window.keepOnly(this.recorded);
    this.needSnapshot = true;
    this.stopped = false;
    const off = this.market.on(this.hear, KEPT);
    return () => {
      off();
      this.stopped = true;
    };
  }

  // Called for the kinds kept (a source may send others): each is written into the window's
  // numbers at once (record-window.ts: only the recorded symbols'), nothing of it is held.
  private readonly hear = (event: MarketEvent): void => {
    const type = event.type;
    if (type !== 'book' && type !== 'mark' && (type !== 'trades' || event.trades.length === 0)) return;
    if (this.window.events >= RECORD_BUFFER_CAP) {
      this.window.clear();
      this.needSnapshot = true;
    }
    this.window.add(event);
  };

  /** A symbol's book for its snapshot: in steps when the source keeps them (no decimals to write). */
  private bookOf(symbol: string): Snapshot['book'] | BookInSteps | undefined {
    const steps = this.market.bookSteps?.(symbol, RECORD_BOOK_DEPTH);
    if (steps) {
      const { seq, t, scales } = steps;
      return {
        seq,
        t,
        steps: [scales.price, scales.qty],
        bids: sideInSteps(steps.bids),
        asks: sideInSteps(steps.asks),
      };
    }
    const book = this.market.book(symbol, RECORD_BOOK_DEPTH);
    return book && { seq: book.seq, t: book.t, bids: book.bids, asks: book.asks };
  }

  /** Every recorded symbol's state, as the snapshot column keeps it (a section a symbol). */
  private snapshots(): { text: string; symbols: string[] } {
    let text = '';
    const symbols: string[] = [];
    for (const symbol of this.recorded) {
      const book = this.bookOf(symbol);
      if (!book) continue;
      const ticker = this.market.ticker(symbol);
      const mark = this.market.mark(symbol);
      const snapshot: Omit<Snapshot, 'book'> & { book: Snapshot['book'] | BookInSteps } = {
        book,
        ticker: ticker ? tickerTuple(ticker) : null,
        mark: mark ? markTuple(mark) : null,
        bar: this.market.candles(symbol, '1m', 1).at(-1) ?? null,
      };
      text += sectionMark(symbol) + JSON.stringify(snapshot);
      symbols.push(symbol);
    }
    return { text, symbols };
  }

  /** What was heard since the last call, as a row (on one state of the market: snapshots agree with the events). */
  take(now: number): Row | null {
    return onOneState(this.market, () => {
      const window = this.writer.write(this.window);
      this.window.clear();
      const due = this.needSnapshot || (window !== null && now - this.snapshotAt >= RECORD_SNAPSHOT_MS);
      const state = due ? this.snapshots() : null;
      if (!window && !state?.symbols.length) return null;
      // A row with no events is dated now: the state it holds is the market's then.
      const t1 = window?.t1 ?? now;
      this.days.note(istanbulDayText(t1), [...(window?.symbols ?? []), ...(state?.symbols ?? [])], t1);
      if (state) {
        this.snapshotAt = now;
        this.needSnapshot = false;
      }
      return {
        t0: window?.t0 ?? t1,
        t1,
        snapshot: state?.symbols.length ? Buffer.from(state.text) : null,
        events: window?.bytes ?? Buffer.from(`${RECORD_DELTAS},${t1}`),
        days: this.days.take(t1, this.stopped),
      };
    });
  }

  /** Writes what was heard since the last flush in one statement; resolves to the rows written (0 or 1). */
  async flush(db: Db, now: number): Promise<number> {
    const row = this.take(now);
    if (!row) return 0;
    const insert = sql`insert into ${marketRecords} (t0, t1, snapshot, events)
      values (${row.t0}, ${row.t1}, ${row.snapshot}, ${row.events})`;
    const days = row.days;
    try {
      // One statement: the row, and the days it falls on when due (what the replay list reads),
      // the spans as arrays (a values row each took PGlite longer to parse than to write). The
      // texts go in as a bytes parameter each (binary format: a text column takes them as they are).
      await db.execute(
        days
          ? sql`
        with written as (${insert})
        insert into ${marketRecordDays} (day, symbol, from_t, to_t)
        select * from unnest(${arrayOf(days.map((d) => d.day))}::text[], ${arrayOf(days.map((d) => d.symbol))}::text[],
          ${arrayOf(days.map((d) => d.from))}::bigint[], ${arrayOf(days.map((d) => d.to))}::bigint[])
        on conflict (day, symbol) do update
          set from_t = least(${marketRecordDays.from}, excluded.from_t),
              to_t = greatest(${marketRecordDays.to}, excluded.to_t)`
          : insert,
      );
    } catch (error) {
      // A lost row leaves a hole: the next one starts again from every symbol's state.
      this.needSnapshot = true;
      if (days) this.days.restore(days);
      throw error;
    }
    return 1;
  }
}
