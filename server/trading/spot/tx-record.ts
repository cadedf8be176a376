import { sql, type SQL } from 'drizzle-orm';
import type { TxRecord } from '../../../domain/protocol/trading';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { canonical } from '../../ledger/decimal';

export type TxRecordQuery = {
  wallet?: 'stock' | 'coin' | 'contract' | undefined;
  currency?: string | undefined;
  reason?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  size: number;
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
};

/**
 * The funds detail, straight from the ledger: one row per transaction and wallet currency of
 * the token's account, with the net change of its available and frozen balances, newest first.
 */
export async function txRecords(
  db: Db,
  session: Session,
  q: TxRecordQuery,
): Promise<{ list: TxRecord[]; total: number; page: number; size: number }> {
  const filters: SQL[] = [sql`a.user_id = ${session.userId}`, sql`a.account_type = ${session.accountType}`];
  if (q.wallet) filters.push(sql`a.wallet = ${q.wallet}`);
  if (q.currency) filters.push(sql`a.currency = ${q.currency}`);
  if (q.reason) filters.push(sql`t.reason = ${q.reason}`);
  if (q.from !== undefined) filters.push(sql`t.created_at >= to_timestamp(${Number(q.from) / 1000})`);
  if (q.to !== undefined) filters.push(sql`t.created_at <= to_timestamp(${Number(q.to) / 1000})`);
  const grouped = sql`
    select t.id::text as id, (extract(epoch from t.created_at) * 1000)::bigint::text as t, t.reason,
      t.reference_type, t.reference_id, t.memo, a.wallet, a.currency,
      sum(case when a.bucket = 'available' then e.amount else 0 end)::text as available,
      sum(case when a.bucket = 'frozen' then e.amount else 0 end)::text as frozen
    from ${ledgerEntries} e
    join ${ledgerAccounts} a on a.id = e.account_id
    join ${ledgerTransactions} t on t.id = e.transaction_id
    where ${sql.join(filters, sql` and `)}
    group by t.id, a.wallet, a.currency
    having sum(case when a.bucket = 'available' then e.amount else 0 end) <> 0
      or sum(case when a.bucket = 'frozen' then e.amount else 0 end) <> 0`;
  const page = await db.execute<Row>(
    sql`${grouped} order by t.id desc, a.wallet, a.currency limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );
  const counted = await db.execute<{ n: string }>(sql`select count(*)::text as n from (${grouped}) g`);
  const rows = (page as unknown as { rows: Row[] }).rows;
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
      available: canonical(r.available),
      frozen: canonical(r.frozen),
    })),
    total: Number(n),
    page: q.page,
    size: q.size,
  };
}
