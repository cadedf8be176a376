import { bigint, customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column kinds every area's tables share, written once: an amount of money or of an asset
 * (exact decimal, as the ledger keeps it), whole lots, an epoch-millisecond time, a ledger
 * transaction's id, raw bytes (documents, images), and the row's creation time.
 */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
export const lots = (name: string) => numeric(name, { precision: 38, scale: 0 });
export const ms = (name: string) => bigint(name, { mode: 'number' });
export const txRef = (name: string) => bigint(name, { mode: 'bigint' });
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The row id most tables start with: a bigint the database numbers. */
export const rowId = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
