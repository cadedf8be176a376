import { bigint, boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, money, ms } from './columns';
import { ALERT_KINDS } from '../../../domain/alerts/kinds';
import { accountType, userRef } from './user-ref';

/**
 * Price and risk alerts (/user/alert/*), per user and account like the positions they may
 * watch. `threshold` is a price (above, below) or a percent (move, liquidation, margin).
 * `armed` false: fired and waiting to re-arm (domain/alerts/kinds.ts); `resting_until`: a fired
 * move alert's rest. The server's index (server/alerts) holds the same state in memory.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    accountType: accountType(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    threshold: money('threshold').notNull(),
    windowMinutes: integer('window_minutes'),
    armed: boolean('armed').notNull().default(true),
    restingUntil: ms('resting_until'),
    firedCount: integer('fired_count').notNull().default(0),
    lastFiredAt: ms('last_fired_at'),
    createdAt: createdAt(),
  },
  (t) => [index('alerts_user_idx').on(t.userId, t.accountType, t.id)],
);

/** A browser's Web Push subscription (its endpoint is unique to it), owned by one user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: userRef(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the browser's user reads: the push's text is written in it. */
    locale: text('locale').notNull(),
    /** Sends in a row the push service refused (not 404/410, which drop it at once); at a limit it goes. */
    failures: smallint('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What a user wants to be told of (/pages/user/notifications); absent, everything and no quiet
 * hours. Quiet hours are minutes after midnight, Istanbul time; from > to spans midnight.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: userRef().primaryKey(),
  price: boolean('price').notNull().default(true),
  move: boolean('move').notNull().default(true),
  risk: boolean('risk').notNull().default(true),
  /** A conditional order fired, was refused at its trigger or expired. */
  conditional: boolean('conditional').notNull().default(true),
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
});
