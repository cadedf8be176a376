import { bigint, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './user-ref';

/** Watchlists (/stock/collect/*, /coin/collect/*): per user, shared by the real and demo accounts. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: userRef(),
    /** 'stock' (stocks and indices) or 'coin'. */
    kind: text('kind', { enum: ['stock', 'coin'] }).notNull(),
    symbol: text('symbol').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.symbol] }),
    index('watchlist_user_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * The simulated market's printed bars (server/market/history-store.ts): a restart, or a cold
 * start of the cluster, goes on from them instead of drawing the charts anew. Every interval is
 * its own path (the simulator draws each apart), so each is kept; a series keeps about what the
 * simulator holds in memory (bars.ts BARS_KEPT), older rows are pruned. Prices and volume as the
 * source printed them.
 */
export const marketBars = pgTable(
  'market_bars',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    /** Open time, epoch ms. */
    t: bigint('t', { mode: 'number' }).notNull(),
    o: numeric('o').notNull(),
    h: numeric('h').notNull(),
    l: numeric('l').notNull(),
    c: numeric('c').notNull(),
    v: numeric('v').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.t] })],
);
