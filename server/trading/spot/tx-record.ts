import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { TxRecord } from '../../../domain/protocol/trading';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { spotOrders } from '../../db/schema/trading';
import { canonical } from '../../ledger/decimal';
import type { Wallet } from '../../../domain/protocol/account';

export type TxRecordQuery = {
  wallet?: Wallet | undefined;
  currency?: string | undefined;
  reason?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  page: number;
  size: number;
  /** The last row shown: the page is the rows after it (newest first), whatever `page` says. */
  before?: { transactionId: bigint; wallet: string; currency: string } | undefined;
};

type Row = {
  id: string;
  t: string;
  reason: string;
  reference_type: string;
  reference_id: string;
  memo: string;
  wallet: string;
  currency: string;
  available: string;
  frozen: string;
  side: string | null;
  symbol: string | null;
  fees: string | null;
  balance_available: string;
  balance_frozen: string;
};

/**
 * Which groups of entries (one transaction, one wallet currency) are rows of the statement: every
 * one that moved a bucket, holds and releases included. An order's hold hidden from the statement
 * left its fill's release of that hold unexplained: a fill row read available +3.55, frozen
 * −716.69 while no row had ever put 716.69 into frozen, so the columns added up to nothing the
 * wallet showed. Only lines that cancel within a bucket (no movement at all) are left out.
 */
const shownGroup = sql`having sum(case when a.bucket = 'available' then e.amount else 0 end) <> 0
    or sum(case when a.bucket = 'frozen' then e.amount else 0 end) <> 0`;

/** The filters on the user's accounts (who, which wallet and currency) and on the transactions. */
function statementFilters(session: Session, q: TxRecordQuery): { accounts: SQL[]; transactions: SQL[] } {
  const accounts: SQL[] = [sql`a.user_id = ${session.userId}`, sql`a.account_type = ${session.accountType}`];
  if (q.wallet) accounts.push(sql`a.wallet = ${q.wallet}`);
  if (q.currency) accounts.push(sql`a.currency = ${q.currency}`);
  const transactions: SQL[] = [];
  if (q.reason) transactions.push(sql`t.reason = ${q.reason}`);
  if (q.from !== undefined) transactions.push(sql`t.created_at >= to_timestamp(${q.from / 1000})`);
  if (q.to !== undefined) transactions.push(sql`t.created_at <= to_timestamp(${q.to / 1000})`);
  return { accounts, transactions };
}

/**
 * How many rows the statement has under the filters (the cursor aside), without building the
 * page's rows. Grouping the page's query took 100–180 ms at 20,000 lines on PostgreSQL: every
 * entry joined to its transaction, then sorted and grouped, spilling to disk.
 *
 * Without a reason or time filter, each wallet currency's available and frozen accounts are
 * summed per transaction straight from the entries' (account, transaction, amount) index, in its
 * order (no sort, no table visit, nothing held per transaction but the frozen side of one wallet
 * currency), the two buckets joined by transaction, and the page's rule applied to the sums. A
 * reason or time filter needs every transaction, and filtering them before grouping measured
 * best: the page's grouping, with only the group keys.
 */
function countQuery(session: Session, q: TxRecordQuery): SQL {
  const { accounts, transactions } = statementFilters(session, q);
  if (transactions.length > 0)
    return sql`select count(*)::text as n from (
      select 1 from ${ledgerEntries} e
      join ${ledgerAccounts} a on a.id = e.account_id
      join ${ledgerTransactions} t on t.id = e.transaction_id
      where ${sql.join([...accounts, ...transactions], sql` and `)}
      group by t.id, a.wallet, a.currency
      ${shownGroup}) g`;
  // One row per wallet currency of the user: its available and its frozen account (a user
  // account's bucket is one of the two, server/ledger/account-ref.ts).
  const pairs = sql`
    select min(a.id) filter (where a.bucket = 'available') as available,
      min(a.id) filter (where a.bucket = 'frozen') as frozen
    from ${ledgerAccounts} a
    where ${sql.join(accounts, sql` and `)}
    group by a.wallet, a.currency`;
  const perTransaction = (account: SQL) => sql`
    select e.transaction_id as id, sum(e.amount) as amount from ${ledgerEntries} e
    where e.account_id = ${account} group by e.transaction_id`;
  const lines = sql`
    select coalesce(av.amount, 0) as available, coalesce(fr.amount, 0) as frozen
    from (${perTransaction(sql`p.available`)}) av
    full join (${perTransaction(sql`p.frozen`)}) fr on fr.id = av.id`;
  return sql`select (count(*) filter (where g.available <> 0 or g.frozen <> 0))::text as n
    from (${pairs}) p cross join lateral (${lines}) g`;
}

/**
 * The statement's SQL: one page of it and its row count. Exported for the query-plan test: a
 * statement reads only its user's rows through indexes, never every user's orders.
 */
export function txRecordQueries(
  session: Session,
  q: TxRecordQuery,
  /** Only these transactions (pageCandidates): the page among the user's newest. */
  among?: readonly string[],
): { page: SQL; count: SQL } {
  const { accounts, transactions } = statementFilters(session, q);
  const filters = [...accounts, ...transactions];
  if (among) filters.push(sql`t.id = any(${`{${among.join(',')}}`}::bigint[])`);
  const after = q.before;
  // The group keys in the page's order, so the rows after the cursor are filtered before grouping.
  if (after)
    filters.push(
      sql`(t.id < ${after.transactionId} or (t.id = ${after.transactionId} and (a.wallet, a.currency) > (${after.wallet}, ${after.currency})))`,
    );
  // A spot order's id joined as a number, so its primary key finds it: comparing `o.id::text`
  // with the reference read every user's orders for each statement page (a sequential scan).
  // A row's fees are what its transaction paid the broker's fees account in the row's currency:
  // a fill's costs, a withdrawal's network fee, a contract's opening or closing fee, a
  // conversion's fee (withheld from what it pays out, so on the line it paid into). Read from the
  // posting itself, so no product's fee can be booked and left off its row.
  const grouped = sql`
    select t.id as tx_id, t.id::text as id, (extract(epoch from t.created_at) * 1000)::bigint::text as t, t.reason,
      t.reference_type, t.reference_id, t.memo, a.wallet, a.currency,
      sum(case when a.bucket = 'available' then e.amount else 0 end)::text as available,
      sum(case when a.bucket = 'frozen' then e.amount else 0 end)::text as frozen,
      min(o.side) as side, min(o.symbol) as symbol,
      (select sum(fe.amount) from ${ledgerEntries} fe
        where fe.transaction_id = t.id and fe.account_id = (
          select fa.id from ${ledgerAccounts} fa where fa.code = 'system:fees:' || a.currency))::text as fees
    from ${ledgerEntries} e
    join ${ledgerAccounts} a on a.id = e.account_id
    join ${ledgerTransactions} t on t.id = e.transaction_id
    left join ${spotOrders} o on o.id = case
      when t.reference_type = 'spot_order' and t.reference_id ~ '^[0-9]{1,18}$' then t.reference_id::bigint
    end
    where ${sql.join(filters, sql` and `)}
    group by t.id, a.wallet, a.currency
    ${shownGroup}`;
  const offset = after ? 0 : (q.page - 1) * q.size;
  // The balance after each row: the wallet currency's stored balance (what /user/assets shows)
  // less what later transactions moved it by, per bucket. Counted back from now, so the first
  // pages (the ones read) sum only the few entries above them, from the (account, transaction)
  // index; and read in the page's own statement, so the balances and the rows are one snapshot.
  const balanceAfter = sql`
    select
      coalesce(sum(case when b.bucket = 'available' then b.balance - coalesce(n.moved, 0) end), 0)::text as balance_available,
      coalesce(sum(case when b.bucket = 'frozen' then b.balance - coalesce(n.moved, 0) end), 0)::text as balance_frozen
    from ${ledgerAccounts} b
    left join lateral (
      select sum(ne.amount) as moved from ${ledgerEntries} ne
      where ne.account_id = b.id and ne.transaction_id > p.tx_id) n on true
    where b.user_id = ${session.userId} and b.account_type = ${session.accountType}
      and b.wallet = p.wallet and b.currency = p.currency`;
  const order = sql`order by p.tx_id desc, p.wallet, p.currency`;
  return {
    page: sql`select p.*, bal.* from (
        select * from (${grouped}) g order by g.tx_id desc, g.wallet, g.currency limit ${q.size} offset ${offset}
      ) p cross join lateral (${balanceAfter}) bal ${order}`,
    count: countQuery(session, q),
  };
}

/** The first try's candidates per row of the page, and the most before the plain query. */
const CANDIDATES_PER_ROW = 4;
const MOST_CANDIDATES = 4096;

/**
 * The user's newest transactions (up to `limit` of their entries, newest first) behind the
 * cursor, read per account from the entries' (account, transaction) index: ids, and whether those
 * are all the user has there. Without them the page's plan walked every user's entries from the
 * newest down to the user's: a user whose last move was older than others' read 124,584 entries
 * for 20 rows (90 ms on PostgreSQL), and the more the broker's other users did, the longer.
 */
async function pageCandidates(
  db: Db,
  session: Session,
  q: TxRecordQuery,
  limit: number,
): Promise<{ ids: string[]; all: boolean }> {
  const { accounts } = statementFilters(session, q);
  const behind = q.before ? sql`and e.transaction_id <= ${q.before.transactionId}` : sql``;
  const result = await db.execute<{ id: string }>(sql`
    select x.id::text as id from ${ledgerAccounts} a cross join lateral (
      select e.transaction_id as id from ${ledgerEntries} e
      where e.account_id = a.id ${behind}
      order by e.transaction_id desc limit ${limit}) x
    where ${sql.join(accounts, sql` and `)}
    order by x.id desc limit ${limit}`);
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  return { ids: [...new Set(rows.map((r) => r.id))], all: rows.length < limit };
}

/**
 * One page of the statement. The first page and a cursor's are read among the user's newest
 * transactions (pageCandidates), taking more while the rows shown (lines that cancel out are not)
 * fall short of the page; a reason or time filter, or a page by offset, reads as before.
 */
async function pageRows(db: Db, session: Session, q: TxRecordQuery): Promise<Row[]> {
  const read = async (among?: readonly string[]) =>
    (await db.execute<Row>(txRecordQueries(session, q, among).page)) as unknown as { rows: Row[] };
  const narrowed = q.reason !== undefined || q.from !== undefined || q.to !== undefined;
  if (narrowed || (!q.before && q.page > 1)) return (await read()).rows;
  for (let limit = q.size * CANDIDATES_PER_ROW; limit <= MOST_CANDIDATES; limit *= 4) {
    const { ids, all } = await pageCandidates(db, session, q, limit);
    if (ids.length === 0) return [];
    const { rows } = await read(ids);
    if (rows.length === q.size || all) return rows;
  }
  return (await read()).rows;
}

/**
 * The funds detail, straight from the ledger, read like a bank statement: one row per transaction
 * and wallet currency of the token's account, with its net change (`amount` = available + frozen)
 * and the split, newest first, and the balance after it. A buy's fill is its whole cost (price and
 * costs); the order's hold and the hold's release are rows of their own (amount zero: available
 * to frozen and back), so the available and frozen columns summed from the first row come to the
 * balance after every row, and the newest row's balance is the wallet's. A trade carries its
 * order's side and symbol and the costs its fills booked, so the row can say "Buy THYAO 10 lots −3,197.08 TRY".
 */
export async function txRecords(
  db: Db,
  session: Session,
  q: TxRecordQuery,
): Promise<{ list: TxRecord[]; total: number; page: number; size: number }> {
  const rows = await pageRows(db, session, q);
  // The total counts the whole statement (the filters, not the cursor): "load more" ends by it.
  const counted = await db.execute<{ n: string }>(txRecordQueries(session, q).count);
  const n = (counted as unknown as { rows: { n: string }[] }).rows[0]?.n ?? '0';
  return {
    list: rows.map((r) => ({
      id: `${r.id}-${r.wallet}-${r.currency}`,
      transactionId: r.id,
      t: Number(r.t),
      reason: r.reason,
      referenceType: r.reference_type,
      referenceId: r.reference_id,
      memo: r.memo,
      wallet: r.wallet as TxRecord['wallet'],
      currency: r.currency,
      amount: canonical(new Decimal(r.available).plus(r.frozen)),
      available: canonical(r.available),
      frozen: canonical(r.frozen),
      side: r.side === 'buy' || r.side === 'sell' ? r.side : null,
      symbol: r.symbol,
      fees: r.fees === null ? null : canonical(r.fees),
      balance: {
        available: canonical(r.balance_available),
        frozen: canonical(r.balance_frozen),
        total: canonical(new Decimal(r.balance_available).plus(r.balance_frozen)),
      },
    })),
    total: Number(n),
    page: q.page,
    size: q.size,
  };
}
