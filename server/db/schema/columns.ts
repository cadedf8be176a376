import { bigint, customType, numeric, timestamp } from 'drizzle-orm/pg-core';
import { COLUMNS } from '../../../domain/validation/scale';

/**
 * The column kinds every area's tables share, written once: an amount of money or of an asset
 * (exact decimal, as the ledger keeps it), whole lots, an epoch-millisecond time, a ledger
 * transaction's id, raw bytes (documents, images), and the row's creation time.
 */
// The wire's checks read the same figures (domain/validation/scale.ts), so a number that passes
// them is stored as sent.
export const money = (name: string) => numeric(name, COLUMNS.money);
export const lots = (name: string) => numeric(name, COLUMNS.lots);
export const ms = (name: string) => bigint(name, { mode: 'number' });
export const txRef = (name: string) => bigint(name, { mode: 'bigint' });
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The row id most tables start with: a bigint the database numbers. */
export const rowId = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
