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
