import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowId } from './columns';
import { userRef } from './user-ref';

/** Operator-tunable settings, seeded with defaults on the first run. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which seed steps have run, so seeding is idempotent and later steps can be added. */
export const seedLog = pgTable('seed_log', {
  step: text('step').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** DECISIONS §2: every staff action is an audit row. */
export const operatorAudit = pgTable('operator_audit', {
  id: rowId(),
  action: text('action').notNull(),
  target: text('target'),
  params: jsonb('params').notNull().default({}),
  result: text('result').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * the fencing token of each cluster partition. A node that takes a partition's lease
 * raises its epoch; the partition's writer checks, in every batch's transaction, that the epoch
 * is still its own (server/cluster/fence.ts), so a node that lost its lease without noticing
 * (a stalled process, a dropped connection not yet seen) cannot commit behind the new owner.
 */
export const partitionEpochs = pgTable('partition_epochs', {
  name: text('name').primaryKey(),
  epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
  owner: text('owner').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of money-moving requests other than orders (`requestId`, server/http/once.ts).
 * A key is claimed before the handler runs and holds the answer once it succeeded, so a retry
 * or a parallel copy gets that answer instead of moving the money again. Scoped to the user's
 * account: the same id from another user or the other account (real/demo) is another key.
 * Old keys are purged by age (server/http/request-keys-purge.ts, an owned job), by the index on
 * `created_at` so each batch finds its rows without reading the table.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: userRef(),
    accountType: text('account_type').notNull(),
    requestId: text('request_id').notNull(),
    /** The route's path: the same id on another route is refused, never replayed. */
    route: text('route').notNull(),
    /** sha256 of the request's fields but the key and passwords: other values, another intent. */
    fingerprint: text('fingerprint').notNull(),
    /** The answer's data as sent; null while the request runs (or if its outcome is unknown). */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountType, t.requestId] }),
    index('request_keys_created_at_idx').on(t.createdAt),
  ],
);
