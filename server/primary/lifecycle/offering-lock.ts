import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * Locks an offering's row for the rest of the transaction, so what runs on the whole offering
 * (a pool's allocation, a block's sale) queues behind anyone else doing it: two passes, or a pass
 * and the operator's close, allocate once; block buyers are served in commit order.
 */
export async function lockOffering(tx: Db, table: PgTable & { id: AnyPgColumn }, id: bigint): Promise<void> {
  await tx.execute(sql`select 1 from ${table} where ${table.id} = ${id} for update`);
}

/**
 * Creates an offering of `symbol` (a stock's IPO, a coin sale's token) with the "nothing offered
 * already" check and the insert in one transaction, behind a lock on the symbol: two creates of
 * one symbol at once would otherwise both find no offering under way and both insert. An
 * advisory lock, since the offering to lock a row of does not exist yet; released at commit.
 */
export async function createOffering<T>(db: Db, symbol: string, create: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offering:${symbol}`}))`);
    return create(tx);
  });
}
