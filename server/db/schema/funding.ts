import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bytea, money, ms, rowId } from './columns';
import { accountType, userRef } from './user-ref';

/**
 * Funding: money in and out of the real account, and between currencies. The money
 * itself moves only through the ledger (DECISIONS §2); these rows say why, and carry the request's
 * state and what the ledger cannot (the card, the chain, the reason a request was refused). Every
 * state change names the ledger transaction it posted. Times are epoch ms like the wire's.
 */

/** A user's bank accounts for withdrawals. Deleted cards stay (records still name them). */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: rowId(),
    userId: userRef(),
    /** TR | IN | BR | OTHER */
    country: text('country').notNull(),
    /** Canonical: a Turkish IBAN without spaces, upper case. */
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull(),
    bankCode: text('bank_code'),
    bankAddress: text('bank_address').notNull().default(''),
    payeeAddress: text('payee_address').notNull().default(''),
    ifsc: text('ifsc').notNull().default(''),
    pix: text('pix').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    utr: text('utr').notNull().default(''),
    createdAt: ms('created_at').notNull(),
    deletedAt: ms('deleted_at'),
  },
  (t) => [
    index('bank_cards_user_idx').on(t.userId),
    // One live card per account number and user; a deleted one may be added again.
    uniqueIndex('bank_cards_live_unique')
      .on(t.userId, t.accountNumber)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * What a deposit and a withdrawal share: what moves, where and how it stands, the chain transfer
 * of a crypto one, and the decision on it. `reason`: the operator's reason for a refusal, as typed
 * (shown to the user as is).
 */
const requestColumns = () => ({
  id: rowId(),
  userId: userRef(),
  kind: text('kind').notNull(),
  wallet: text('wallet').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  status: text('status').notNull().default('pending'),
  chain: text('chain'),
  address: text('address'),
  txHash: text('tx_hash'),
  reason: text('reason'),
  decidedBy: text('decided_by'),
  createdAt: ms('created_at').notNull(),
  decidedAt: ms('decided_at'),
});

/** A user's requests by time, the operator's queue of pending ones, and no empty request. */
const requestIndexes = (
  table: string,
  t: { userId: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn; amount: AnyPgColumn },
) => [
  index(`${table}_user_idx`).on(t.userId, t.createdAt),
  index(`${table}_pending_idx`)
    .on(t.status, t.createdAt)
    .where(sql`${t.status} = 'pending'`),
  check(`${table}_amount_positive`, sql`${t.amount} > 0`),
];

/** Deposits: bank transfers, offline deposits with a receipt, and crypto transfers. */
export const deposits = pgTable(
  'deposits',
  {
    /** kind bank | offline | crypto; wallet stock (TRY) for bank and offline, coin for crypto;
     * status pending | success | failed. */
    ...requestColumns(),
    channelId: text('channel_id'),
    referenceCode: text('reference_code'),
    payerName: text('payer_name'),
    receiptMime: text('receipt_mime'),
    receipt: bytea('receipt'),
    /** The ledger transaction that credited it. */
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
  },
  (t) => [
    ...requestIndexes('deposits', t),
    // A chain transfer is credited once, whoever reports it.
    uniqueIndex('deposits_tx_unique')
      .on(t.chain, t.txHash)
      .where(sql`${t.txHash} IS NOT NULL`),
  ],
);

/** Withdrawals to a bank card or a crypto address; the amount is held while pending. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    /** kind bank | crypto; status pending | success | failed | cancelled. */
    ...requestColumns(),
    fee: money('fee').notNull(),
    receive: money('receive').notNull(),
    bankCardId: bigint('bank_card_id', { mode: 'bigint' }).references(() => bankCards.id),
    memo: text('memo'),
    cancelledAt: ms('cancelled_at'),
    holdTransactionId: bigint('hold_transaction_id', { mode: 'bigint' }).notNull(),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }),
  },
  (t) => [
    ...requestIndexes('withdrawals', t),
    index('withdrawals_card_idx').on(t.bankCardId),
    check('withdrawals_receive_positive', sql`${t.receive} > 0`),
  ],
);

/**
 * Crypto addresses: a user's deposit address per coin and chain (derived once, deterministic) and
 * the withdrawal addresses they saved.
 */
export const coinAddresses = pgTable(
  'coin_addresses',
  {
    id: rowId(),
    userId: userRef(),
    /** deposit | withdraw */
    purpose: text('purpose').notNull(),
    currency: text('currency').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    memo: text('memo').notNull().default(''),
    label: text('label').notNull().default(''),
    createdAt: ms('created_at').notNull(),
    deletedAt: ms('deleted_at'),
  },
  (t) => [
    index('coin_addresses_user_idx').on(t.userId, t.purpose),
    uniqueIndex('coin_addresses_deposit_unique')
      .on(t.userId, t.currency, t.chain)
      .where(sql`${t.purpose} = 'deposit'`),
    // A deposit address belongs to one user: a reported transfer to it credits its owner.
    uniqueIndex('coin_addresses_deposit_address_unique')
      .on(t.chain, t.address)
      .where(sql`${t.purpose} = 'deposit'`),
  ],
);

/** Exchange quotes: executed at most once, before `expiresAt`, exactly as quoted. */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    /** Random, unguessable. */
    id: text('id').primaryKey(),
    userId: userRef(),
    /** Exchange works in the demo account too; deposits and withdrawals are real only. */
    accountType: accountType(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    fromWallet: text('from_wallet').notNull(),
    toWallet: text('to_wallet').notNull(),
    amount: money('amount').notNull(),
    rate: money('rate').notNull(),
    midRate: money('mid_rate').notNull(),
    fee: money('fee').notNull(),
    receive: money('receive').notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    executedAt: ms('executed_at'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
  },
  (t) => [index('exchange_quotes_user_idx').on(t.userId, t.createdAt)],
);
