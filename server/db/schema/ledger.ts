import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { rowId } from './columns';
import { parentRef } from './user-ref';

/**
 * Double-entry ledger (DECISIONS §2). Balances are never set: they change only by entries of
 * a balanced transaction, and the stored balance is updated in that same database transaction
 * (and checked against the sum of entries by tests). Available and frozen money are separate
 * accounts, so freezing is a transfer like any other.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: rowId(),
    /** Canonical name, e.g. `user:100001:real:stock:TRY:available`, `system:fees:TRY`. */
    code: text('code').notNull().unique(),
    /** null for system accounts. */
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    /** real | demo; null for system accounts. */
    accountType: text('account_type'),
    /** stock | coin | contract for users; system for system accounts. */
    wallet: text('wallet').notNull(),
    /** TRY, USDT, BTC… or an instrument symbol for holdings. */
    currency: text('currency').notNull(),
    /** available | frozen for users; the system account's role (fees, sandbox_funding, market…). */
    bucket: text('bucket').notNull(),
    /** Only system accounts (the other side of funding and markets) may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: numeric('balance', { precision: 38, scale: 18 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_accounts_user_idx').on(t.userId, t.accountType),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: rowId(),
    /** Why money moved: sandbox_funding, demo_funding, demo_reset, transfer, order_freeze, fill, fee… */
    reason: text('reason').notNull(),
    /** What it belongs to: an order, a deposit, an operator action… with its id. */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    memo: text('memo').notNull().default(''),
    /** A retried request with the same key posts nothing twice. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: rowId(),
    transactionId: parentRef('transaction_id', () => ledgerTransactions.id),
    accountId: parentRef('account_id', () => ledgerAccounts.id),
    /** Signed: positive raises the account's balance, negative lowers it. Never zero. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** The account's currency, copied so "each transaction balances per currency" is one query. */
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // An account's entries by transaction with their amounts, read from the index alone: the funds
    // detail's count sums each of the user's accounts per transaction in this order, with no sort
    // and no visit to the table (server/trading/spot/tx-record.ts).
    index('ledger_entries_account_tx_idx').on(t.accountId, t.transactionId, t.amount),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
  ],
);
