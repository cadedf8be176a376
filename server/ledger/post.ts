import { eq, sql } from 'drizzle-orm';
import type Decimal from 'decimal.js';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { ApiError } from '../http/errors';
import { accountCode, accountRow, type AccountRef } from './account-ref';
import { canonical, LedgerDecimal, LedgerError, parseAmount } from './decimal';

export type PostingLine = {
  account: AccountRef;
  /** Signed canonical decimal: positive raises the account's balance. Never zero, ≤ 18 decimals. */
  amount: string | Decimal;
};

export type Posting = {
  /** Why money moved, snake_case: sandbox_funding, demo_funding, demo_reset, transfer, order_freeze, fill, fee… */
  reason: string;
  /** What it belongs to: order, deposit, operator, registration… */
  referenceType: string;
  referenceId: string;
  memo?: string;
  /** A repeat with the same key posts nothing and answers the first transaction's id. */
  idempotencyKey?: string;
  lines: readonly PostingLine[];
};

export type PostedTransaction = {
  id: bigint;
  /** true when the idempotency key had already posted: nothing was written this time. */
  replayed: boolean;
  /** The touched accounts' balances after this posting (empty on a replay), e.g. to push to clients. */
  balances: { code: string; balance: string }[];
};

const REASON = /^[a-z][a-z0-9_]{0,63}$/;

type CheckedLine = { code: string; ref: AccountRef; amount: LedgerDecimal };

/** Everything that can be said about a posting without the database; throws LedgerError. */
export function checkPosting(posting: Posting): CheckedLine[] {
  if (!REASON.test(posting.reason)) throw new LedgerError(`bad reason ${JSON.stringify(posting.reason)}`);
  if (!REASON.test(posting.referenceType))
    throw new LedgerError(`bad reference type ${JSON.stringify(posting.referenceType)}`);
  if (posting.referenceId.length === 0 || posting.referenceId.length > 128)
    throw new LedgerError('reference id must be 1–128 characters');
  if (
    posting.idempotencyKey !== undefined &&
    (posting.idempotencyKey.length === 0 || posting.idempotencyKey.length > 200)
  )
    throw new LedgerError('idempotency key must be 1–200 characters');
  if (posting.lines.length < 2) throw new LedgerError('a transaction needs at least two lines');
  const lines = posting.lines.map((line, i) => {
    const amount = parseAmount(line.amount, `line ${i} amount`);
    if (amount.isZero()) throw new LedgerError(`line ${i} amount is zero`);
    return { code: accountCode(line.account), ref: line.account, amount };
  });
  const sums = new Map<string, LedgerDecimal>();
  for (const line of lines) {
    const currency = line.ref.currency;
    sums.set(currency, (sums.get(currency) ?? new LedgerDecimal(0)).plus(line.amount));
  }
  for (const [currency, sum] of sums)
    if (!sum.isZero()) throw new LedgerError(`lines in ${currency} sum to ${sum.toFixed()}, not zero`);
  return lines;
}

function isCheckViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (constraint === 'ledger_accounts_non_negative') return true;
    if (typeof message === 'string' && message.includes('ledger_accounts_non_negative')) return true;
  }
  return false;
}

type WriteRow = { transaction_id: unknown; code: string; balance: string };

/**
 * Creates the posting's missing accounts and locks all of them, in code order. One global
 * order (the unique code, known before any id is) lets concurrent postings on PostgreSQL queue
 * instead of deadlocking. `do update … where false` locks an existing row without rewriting it;
 * a new row is ours alone until commit. Proposed rows carry balance 0: PostgreSQL checks a
 * proposed row's CHECK constraints before it looks for the conflict.
 */
function lockStatement(accounts: AccountRef[]) {
  const values = accounts.map((ref) => {
    const row = accountRow(ref);
    const userId = row.userId === null ? null : String(row.userId);
    return sql`(${row.code}::text, ${userId}::bigint, ${row.accountType}::text, ${row.wallet}::text,
      ${row.currency}::text, ${row.bucket}::text, ${row.allowNegative}::boolean)`;
  });
  return sql`
    insert into ${ledgerAccounts} (code, user_id, account_type, wallet, currency, bucket, allow_negative)
    select v.* from (values ${sql.join(values, sql`, `)})
      as v(code, user_id, account_type, wallet, currency, bucket, allow_negative)
    order by v.code
    on conflict (code) do update set balance = ${ledgerAccounts}.balance where false`;
}

/**
 * The transaction row, its entries and `balance = balance + Δ` for each (locked) account, as
 * one statement. A user account going below zero trips the table's CHECK and fails it whole.
 * When the idempotency key already posted, the transaction row is not inserted and the entries
 * and updates, which hang off it, write nothing.
 */
function writeStatement(posting: Posting, lines: CheckedLine[], net: Map<string, LedgerDecimal>) {
  const entries = lines.map(
    (line, i) =>
      sql`(${i}::int, ${line.code}::text, ${line.amount.toFixed()}::numeric, ${line.ref.currency}::text)`,
  );
  const deltas = [...net].map(([code, delta]) => sql`(${code}::text, ${delta.toFixed()}::numeric)`);
  return sql`
    with t as (
      insert into ${ledgerTransactions} (reason, reference_type, reference_id, memo, idempotency_key)
      values (${posting.reason}, ${posting.referenceType}, ${posting.referenceId}, ${posting.memo ?? ''},
        ${posting.idempotencyKey ?? null}::text)
      on conflict (idempotency_key) do nothing
      returning id
    ), e as (
      insert into ${ledgerEntries} (transaction_id, account_id, amount, currency)
      select t.id, acc.id, l.amount, l.currency
      from t cross join (values ${sql.join(entries, sql`, `)}) as l(ord, code, amount, currency)
      join ${ledgerAccounts} acc on acc.code = l.code
      order by l.ord
    ), u as (
      update ${ledgerAccounts} acc set balance = acc.balance + v.delta
      from (values ${sql.join(deltas, sql`, `)}) as v(code, delta)
      where acc.code = v.code and exists (select 1 from t)
      returning acc.code, acc.balance
    )
    select t.id as transaction_id, u.code, u.balance::text as balance from t cross join u order by u.code`;
}

async function replayed(db: Db, key: string | undefined): Promise<PostedTransaction | null> {
  if (key === undefined) return null;
  const [earlier] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  return earlier ? { id: earlier.id, replayed: true, balances: [] } : null;
}

async function write(db: Db, posting: Posting, lines: CheckedLine[]): Promise<PostedTransaction> {
  const before = await replayed(db, posting.idempotencyKey);
  if (before) return before;
  const net = new Map<string, LedgerDecimal>();
  const refs = new Map<string, AccountRef>();
  for (const line of lines) {
    net.set(line.code, (net.get(line.code) ?? new LedgerDecimal(0)).plus(line.amount));
    refs.set(line.code, line.ref);
  }
  await db.execute(lockStatement([...refs.values()]));
  let rows: WriteRow[];
  try {
    const result = await db.execute<WriteRow>(writeStatement(posting, lines, net));
    rows = (result as unknown as { rows: WriteRow[] }).rows;
  } catch (error) {
    if (isCheckViolation(error)) throw new ApiError('INSUFFICIENT_BALANCE');
    throw error;
  }
  const first = rows[0];
  if (!first) {
    // Another posting with the same key committed while this one waited for it.
    const raced = await replayed(db, posting.idempotencyKey);
    if (!raced) throw new Error('a posting wrote nothing and has no earlier transaction');
    return raced;
  }
  const balances = rows.map((row) => ({ code: row.code, balance: canonical(row.balance) }));
  return { id: BigInt(String(first.transaction_id)), replayed: false, balances };
}

/**
 * Posts one balanced transaction: its entries and the balance updates land in one database
 * transaction (a savepoint inside a caller's transaction, so a failed posting leaves the
 * caller free to go on). A user account that would go below zero fails the whole posting with
 * INSUFFICIENT_BALANCE; a malformed posting throws LedgerError before anything is written.
 */
export async function postTransaction(db: Db, posting: Posting): Promise<PostedTransaction> {
  const lines = checkPosting(posting);
  return db.transaction((tx) => write(tx, posting, lines));
}
