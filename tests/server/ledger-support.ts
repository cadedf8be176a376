import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { fundFromSandbox } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import { bareUser } from '../support/accounts';
import { freshDatabase, type DbTarget } from '../support/server';

/** The reason and reference of the ledger tests' own moves. */
export const ref = { reason: 'test', referenceType: 'test', referenceId: '1' };

/**
 * A fresh database for the describe block this is called in, handed to `use` before its tests;
 * whatever the tests posted, the ledger must verify clean when the block ends. `funded` makes a
 * bare user with `amount` TRY in the real stock wallet.
 */
export function verifiedLedgerDb(target: DbTarget, use: (db: Db) => void) {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(target);
    db = fresh.database.db;
    dispose = fresh.dispose;
    use(db);
  });
  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await dispose();
  });
  return {
    async funded(amount = '1000'): Promise<bigint> {
      const id = await bareUser(db);
      await fundFromSandbox(db, {
        userId: id,
        accountType: 'real',
        wallet: 'stock',
        currency: 'TRY',
        amount,
        ...ref,
      });
      return id;
    },
  };
}
