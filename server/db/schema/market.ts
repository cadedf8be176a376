import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Watchlists (/stock/collect/*, /coin/collect/*): per user, shared by the real and demo accounts. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
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
