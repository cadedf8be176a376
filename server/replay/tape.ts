import { and, asc, desc, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { marketRecords } from '../db/schema/replay';
import { decodeEvents, parseSnapshot, type Recorded, type Snapshot } from './record-codec';
import { sectionMark } from './record-text';

/** Rows a read takes at a time (a flush's row each, RECORD_FLUSH_MS of the market). */
const PAGE = 20;

/**
 * `symbol`'s section of a row's text, cut out by the database so a replay of a few symbols does not
 * carry every symbol's text over: the part after its `\n@<symbol>\n` up to the next section (none: '').
 */
const sectionOf = (column: typeof marketRecords.events | typeof marketRecords.snapshot, symbol: string) =>
  sql<string>`split_part(split_part(${column}, ${sectionMark(symbol)}, 2), ${'\n@'}, 1)`;

/**
 * One symbol's record, read forward from a snapshot as a replay's clock advances. It never reads
 * a row that starts after the time it is asked for, and hands out only the events at or before
 * it: what comes later stays here, out of the replay's market and its matching.
 */
export class RecordTape {
  private after = { t1: -1, id: 0n };
  private queue: Recorded[] = [];

  constructor(
    private readonly db: Db,
    readonly symbol: string,
  ) {}

  /**
   * Goes to the last snapshot at or before `t` (or, with none, the first after it): answers it and
   * its time, or null when the symbol has no record at all. The events after it come from `until`.
   */
  async seek(t: number): Promise<{ snapshot: Snapshot; at: number } | null> {
    const columns = {
      id: marketRecords.id,
      t1: marketRecords.t1,
      snapshot: sectionOf(marketRecords.snapshot, this.symbol),
    };
    // A row's snapshot holds every symbol that had a book then: this one's, when it is there.
    const mine = and(
      isNotNull(marketRecords.snapshot),
      sql`strpos(${marketRecords.snapshot}, ${sectionMark(this.symbol)}) > 0`,
    );
    const [before] = await this.db
      .select(columns)
      .from(marketRecords)
      .where(and(mine, lte(marketRecords.t1, t)))
      .orderBy(desc(marketRecords.t1), desc(marketRecords.id))
      .limit(1);
    const [row] = before
      ? [before]
      : await this.db
          .select(columns)
          .from(marketRecords)
          .where(and(mine, gt(marketRecords.t1, t)))
          .orderBy(asc(marketRecords.t1), asc(marketRecords.id))
          .limit(1);
    if (!row?.snapshot) return null;
    this.after = { t1: row.t1, id: row.id };
    this.queue = [];
    return { snapshot: parseSnapshot(row.snapshot), at: row.t1 };
  }

  /** The events at or before `t` not handed out yet, oldest first. */
  async until(t: number): Promise<Recorded[]> {
    while (this.queue.length === 0 || this.queue.at(-1)!.t <= t) {
      const rows = await this.db
        .select({
          id: marketRecords.id,
          t1: marketRecords.t1,
          head: sql<string>`split_part(${marketRecords.events}, ${'\n'}, 1)`,
          events: sectionOf(marketRecords.events, this.symbol),
        })
        .from(marketRecords)
        .where(
          and(
            sql`(${marketRecords.t1}, ${marketRecords.id}) > (${this.after.t1}, ${this.after.id})`,
            // A row that starts later than `t` is not read at all.
            lte(marketRecords.t0, t),
          ),
        )
        .orderBy(asc(marketRecords.t1), asc(marketRecords.id))
        .limit(PAGE);
      for (const row of rows) {
        this.queue.push(...decodeEvents(this.symbol, row.head + sectionMark(this.symbol) + row.events));
        this.after = { t1: row.t1, id: row.id };
      }
      if (rows.length < PAGE) break;
    }
    let n = 0;
    while (n < this.queue.length && this.queue[n]!.t <= t) n++;
    return this.queue.splice(0, n);
  }

  /** When the next event waiting here happens (null: none read yet). */
  nextAt(): number | null {
    return this.queue[0]?.t ?? null;
  }
}
