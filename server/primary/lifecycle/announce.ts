import type { AccountType } from '../../../domain/protocol/account';
import type { RecordArea } from '../../../domain/protocol/records';
import type { EventAudience } from '../../events';
import type { Db } from '../../db/client';
import { announceRecord } from '../../record-events';
import { announceBalances } from '../ipo/notify';
import type { NewsReader, Told } from './locked-step';

/** How a product's rows reach their open screens: read afresh by id, status as its list spells it. */
export type RecordNews<Row extends EventAudience> = {
  area: RecordArea;
  read: (db: Db, ids: bigint[]) => Promise<Row[]>;
  statusOf: (row: Row) => string;
};

/** The open screens of rows a pass just moved on: each row as it now is, after the commit. */
export async function announceRecords<Row extends EventAudience & { id: bigint }>(
  db: Db,
  records: RecordNews<Row>,
  moved: readonly { id: bigint }[],
): Promise<void> {
  if (moved.length === 0) return;
  const rows = await records.read(
    db,
    moved.map((m) => m.id),
  );
  for (const row of rows) announceRecord(db, row, records.area, row.id, records.statusOf(row));
}

/** Each user's news, then each touched account's balances once. */
export async function announceAll<N>(
  db: Db,
  told: readonly { userId: bigint; accountType: AccountType; news: N | null }[],
  now: number,
  tell: (db: Db, to: NewsReader, news: N) => Promise<void>,
): Promise<void> {
  const seen = new Set<string>();
  for (const t of told) {
    if (t.news) await tell(db, t, t.news);
    const key = `${t.userId}:${t.accountType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await announceBalances(db, t.userId, t.accountType, now);
  }
}

/** After a pass's step committed: the rows' screens, then the news and balances of their owners. */
export async function announceTold<Row extends EventAudience & { id: bigint }, N>(
  db: Db,
  told: readonly Told<N>[],
  now: number,
  records: RecordNews<Row>,
  tell: (db: Db, to: NewsReader, news: N) => Promise<void>,
): Promise<void> {
  await announceRecords(db, records, told);
  await announceAll(db, told, now, tell);
}
