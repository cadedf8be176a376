import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ms } from './columns';
import { userRef } from './user-ref';

/**
 * The last subscription the broker stopped pushing to because its push service kept refusing
 * (server/alerts/push-failures.ts), one per user: the notifications screen tells the user, and
 * the notice goes when they turn notifications on again.
 */
export const pushStops = pgTable('push_stops', {
  userId: userRef().primaryKey(),
  endpoint: text('endpoint').notNull(),
  /** The refusals in a row that stopped it, and the last one's HTTP status (0: no answer). */
  failures: smallint('failures').notNull(),
  lastStatus: integer('last_status').notNull(),
  stoppedAt: ms('stopped_at').notNull(),
});
