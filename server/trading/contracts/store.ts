import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { contractPositions } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import { accountCode, userAccount, type Bucket } from '../../ledger/account-ref';
import { LedgerDecimal } from '../../ledger/decimal';
import { fromRow, toColumns, type Position } from './position';
import { ownedBy } from '../../db/owned';

export type Owner = { userId: bigint; accountType: AccountType };

/**
 * One position of the caller, locked for the rest of the job. Another user's position (or the
 * other account type's) is "not found": nobody learns that an id exists elsewhere.
 */
export async function lockOwnPosition(tx: Db, owner: Owner, id: bigint, lock = true): Promise<Position> {
  const query = tx
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.id, id), ownedBy(contractPositions, owner)));
  const rows = await (lock ? query.for('update') : query);
  const row = rows[0];
  if (!row) throw new ApiError('POSITION_NOT_FOUND');
  return fromRow(row);
}

/** Any position by id, locked (the risk engine's re-read before it acts). */
export async function lockPosition(tx: Db, id: bigint): Promise<Position | null> {
  const rows = await tx.select().from(contractPositions).where(eq(contractPositions.id, id)).for('update');
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function findByClientId(tx: Db, owner: Owner, clientOrderId: string): Promise<Position | null> {
  const rows = await tx
    .select()
    .from(contractPositions)
    .where(and(ownedBy(contractPositions, owner), eq(contractPositions.clientOrderId, clientOrderId)));
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function insertPosition(tx: Db, p: Omit<Position, 'id'>): Promise<Position> {
  const [row] = await tx
    .insert(contractPositions)
    .values(toColumns({ ...p, id: 0n }))
    .returning();
  if (!row) throw new Error('position insert returned nothing');
  return fromRow(row);
}

export async function savePosition(tx: Db, p: Position): Promise<void> {
  await tx.update(contractPositions).set(toColumns(p)).where(eq(contractPositions.id, p.id));
}

export async function openPositions(db: Db, owner?: Owner): Promise<Position[]> {
  const rows = await db
    .select()
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.status, 'open'),
        ...(owner
          ? [eq(contractPositions.userId, owner.userId), eq(contractPositions.accountType, owner.accountType)]
          : []),
      ),
    )
    .orderBy(desc(contractPositions.id));
  return rows.map(fromRow);
}

export async function pagePositions(
  db: Db,
  owner: Owner,
  filter: { history: boolean; symbol?: string | undefined; page: number; size: number },
): Promise<{ list: Position[]; total: number }> {
  const where = and(
    ownedBy(contractPositions, owner),
    filter.history
      ? inArray(contractPositions.status, ['closed', 'liquidated'])
      : eq(contractPositions.status, 'open'),
    ...(filter.symbol ? [eq(contractPositions.symbol, filter.symbol)] : []),
  );
  const [total] = await db.select({ n: count() }).from(contractPositions).where(where);
  const rows = await db
    .select()
    .from(contractPositions)
    .where(where)
    // Newest first; positions closed at the same instant (close all, a liquidation pass) by id, so
    // each page is the next one: tied rows came back in a different order for each offset.
    .orderBy(
      ...(filter.history
        ? [desc(sql`coalesce(${contractPositions.closedAt}, 0)`), desc(contractPositions.id)]
        : [desc(contractPositions.id)]),
    )
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  return { list: rows.map(fromRow), total: total?.n ?? 0 };
}

/** A wallet bucket's balance straight from the ledger (0 when the account was never touched). */
export async function walletBalance(
  db: Db,
  owner: Owner,
  wallet: 'coin' | 'contract',
  currency = 'USDT',
  bucket: Bucket = 'available',
): Promise<LedgerDecimal> {
  const code = accountCode(userAccount(owner.userId, owner.accountType, wallet, currency, bucket));
  const rows = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return new LedgerDecimal(rows[0]?.balance ?? '0');
}
