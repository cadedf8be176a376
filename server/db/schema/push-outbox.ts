import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ms } from './columns';
import { messages } from './content';
import { userRef } from './user-ref';

/** What a push can be about, as the user's notification choices name it. */
export const PUSH_TOPICS = ['conditional', 'price', 'move', 'risk'] as const;

/**
 * Web Pushes owed to a user, written in the same transaction as the change they tell of and the
 * message-centre row they repeat: the push goes out after the commit, and a push the node that
 * committed did not get to send (it crashed, or lost the partition) is sent by the next owner's
 * sweep. `sent_at` is claimed before sending, so a push goes out once.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    /** The message it repeats: its title and body, in the language each browser subscribed in. */
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id),
    topic: text('topic', { enum: PUSH_TOPICS }).notNull(),
    /** The notification's tag: a second push of the same tag replaces the first on the device. */
    tag: text('tag').notNull(),
    /** The screen the notification opens. */
    url: text('url').notNull(),
    createdAt: ms('created_at').notNull(),
    /** When it was sent, or found not wanted (the user's choice, quiet hours, too old). */
    sentAt: ms('sent_at'),
  },
  (t) => [
    index('push_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`sent_at is null`),
  ],
);
