import { count } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { fundDemoStart } from '../../server/ledger/demo';
import { demoSession } from '../support/session';

/**
 * What every refusal must leave alone, whatever the product: the user's real and demo balances and
 * the number of ledger transactions. Each product's `untouched` adds a count of its own rows.
 */
export async function balancesAndLedger(db: Db, userId: bigint) {
  const [txs] = await db.select({ n: count() }).from(ledgerTransactions);
  return {
    real: await userBalances(db, userId, 'real'),
    demo: await userBalances(db, userId, 'demo'),
    ledger: txs?.n ?? 0,
  };
}

/** A demo session for `userId` with the demo's starting balance funded; answers its token. */
export async function fundedDemoSession(db: Db, userId: bigint): Promise<string> {
  const demo = await demoSession(db, userId);
  await fundDemoStart(db, userId);
  return demo;
}
