import { bigint, index, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ms, rowId } from './columns';
import { userRef } from './user-ref';

/**
 * What the market did, kept for replays (server/replay): one row per recorder flush for every
 * symbol, its events (trades, book diffs, marks) in one compact text, a section a symbol
 * (server/replay/record-steps.ts; rows of the earlier text, server/replay/record-text.ts, read as
 * before), and every 60 s the state of each symbol as it stood after them,
 * so a replay starts from the last snapshot at or before its clock and applies diffs from there.
 * Rows older than the retention setting are purged (server/replay/sessions.ts).
 */
export const marketRecords = pgTable(
  'market_records',
  {
    id: rowId(),
    /** The first and last event's time (epoch ms). */
    t0: ms('t0').notNull(),
    t1: ms('t1').notNull(),
    /**
     * Each symbol's state after this row's events (record-codec `Snapshot`: book, ticker, mark,
     * bar), a JSON section a symbol; null in the rows between.
     */
    snapshot: text('snapshot'),
    events: text('events').notNull(),
  },
  (t) => [index('market_records_t_idx').on(t.t1)],
);

/**
 * Which days were recorded, by symbol, and from when to when (market time): the replay list reads
 * this, not the records. Written with the records, in the recorder's one statement.
 */
export const marketRecordDays = pgTable(
  'market_record_days',
  {
    /** yyyy-mm-dd, Europe/Istanbul. */
    day: text('day').notNull(),
    symbol: text('symbol').notNull(),
    /** The first snapshot's time (where a replay can start) and the last event's. */
    from: ms('from_t').notNull(),
    to: ms('to_t').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.symbol] })],
);

/**
 * A user's replay and, once ended, its result: the paper account's balances and every fill,
 * kept for the journal (server/replay/end.ts).
 */
export const replayRuns = pgTable(
  'replay_runs',
  {
    id: rowId(),
    userId: userRef(),
    /** The recorded session's day (yyyy-mm-dd, Europe/Istanbul). */
    day: text('day').notNull(),
    symbols: text('symbols').array().notNull(),
    /** Where the replay's clock started and where it stood at the end (market time, epoch ms). */
    from: ms('from_t').notNull(),
    to: ms('to_t'),
    startedAt: ms('started_at').notNull(),
    endedAt: ms('ended_at'),
    /** `{balances, start}` of the paper account at the end. */
    result: jsonb('result'),
  },
  (t) => [index('replay_runs_user_idx').on(t.userId, t.id)],
);

/** The fills of a replay's paper orders, as the journal reads them (a journal source). */
export const replayFills = pgTable(
  'replay_fills',
  {
    id: rowId(),
    runId: bigint('run_id', { mode: 'bigint' })
      .notNull()
      .references(() => replayRuns.id),
    userId: userRef(),
    orderId: text('order_id').notNull(),
    symbol: text('symbol').notNull(),
    market: text('market', { enum: ['stock', 'coin'] }).notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: numeric('price').notNull(),
    qty: numeric('qty').notNull(),
    amount: numeric('amount').notNull(),
    commission: numeric('commission').notNull(),
    bsmv: numeric('bsmv').notNull(),
    exchangeFee: numeric('exchange_fee').notNull(),
    realizedPnl: numeric('realized_pnl'),
    /** Market time of the fill (the replay's clock). */
    t: ms('t').notNull(),
  },
  (t) => [index('replay_fills_user_idx').on(t.userId, t.t)],
);
