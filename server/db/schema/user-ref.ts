import { bigint } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The owner of a row: a user, who is never deleted while rows point at them. */
export const userRef = () =>
  bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id);
