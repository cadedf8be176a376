import { bigint, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES } from '../../../domain/protocol/account';
import { users } from './users';

/** The owner of a row: a user, who is never deleted while rows point at them. */
export const userRef = () =>
  bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id);

/** Which of the user's two accounts a row belongs to. */
export const accountType = () => text('account_type', { enum: ACCOUNT_TYPES }).notNull();

/** A row that belongs to another (an application to its offering), which outlives it. */
export const parentRef = (name: string, parent: () => AnyPgColumn) =>
  bigint(name, { mode: 'bigint' }).notNull().references(parent);
