/**
 * How stale a recorded day's end may be in the days table (market_record_days, what the replay
 * list reads): the recorder writes the days a row falls on with the row only when a (day, symbol)
 * pair is new or this much market time has passed since it last wrote them, and when it stops.
 * Updating every symbol's day with every row cost as much as a tenth of the row's own insert.
 */
export const RECORD_DAYS_MS = 60_000;

/** A (day, symbol) pair's span seen in the rows since the days were last written. */
export type DaySpan = { day: string; symbol: string; from: number; to: number };

const keyOf = (day: string, symbol: string) => `${day}\n${symbol}`;

/** The days the recorder's rows fall on, kept until they are written. */
export class RecordDays {
  private pending = new Map<string, DaySpan>();
  /** The pairs of the latest day written already (rows never go back a day). */
  private readonly written = new Set<string>();
  private day = '';
  private writtenAt = -Infinity;
  private fresh = false;

  /** A row at `t` on `day` holds these symbols. */
  note(day: string, symbols: Iterable<string>, t: number): void {
    if (day !== this.day) {
      this.day = day;
      this.written.clear();
    }
    for (const symbol of symbols) {
      const key = keyOf(day, symbol);
      const span = this.pending.get(key);
      if (span) {
        span.from = Math.min(span.from, t);
        span.to = Math.max(span.to, t);
      } else this.pending.set(key, { day, symbol, from: t, to: t });
      if (!this.written.has(key)) this.fresh = true;
    }
  }

  /** The spans to write with the row at `t` (all of them when `all`), or null while none is due. */
  take(t: number, all: boolean): DaySpan[] | null {
    if (this.pending.size === 0 || (!all && !this.fresh && t - this.writtenAt < RECORD_DAYS_MS)) return null;
    const spans = [...this.pending.values()];
    this.pending = new Map();
    this.fresh = false;
    this.writtenAt = t;
    for (const span of spans) if (span.day === this.day) this.written.add(keyOf(span.day, span.symbol));
    return spans;
  }

  /** Spans whose write failed: they go with the next row. */
  restore(spans: readonly DaySpan[]): void {
    for (const span of spans) {
      const key = keyOf(span.day, span.symbol);
      this.written.delete(key);
      const held = this.pending.get(key);
      if (held) {
        held.from = Math.min(held.from, span.from);
        held.to = Math.max(held.to, span.to);
      } else this.pending.set(key, { ...span });
    }
    this.fresh = true;
  }
}
