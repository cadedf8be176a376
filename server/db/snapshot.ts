import type { Db } from './client';

/**
 * Runs `read` in one REPEATABLE READ, read-only transaction: every statement of it sees the
 * database as of its first one, so figures read by separate statements (balances and the ledger
 * moves that explain them) agree even while postings land. On PostgreSQL the snapshot is what
 * does it (a read-only transaction at this level never fails to serialise); PGlite has one
 * connection and its transaction holds it, so nothing lands in between there either. Keep the
 * reads few: on PGlite every other statement waits for them.
 */
export function readSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}
