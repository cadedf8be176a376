import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  action: text('action').notNull(),
  target: text('target'),
  params: jsonb('params').notNull().default({}),
  result: text('result').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 19: the fencing token of each cluster partition. A node that takes a partition's lease
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
