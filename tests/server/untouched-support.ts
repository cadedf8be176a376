import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashToken } from '../../server/auth/session';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { sessions } from '../../server/db/schema/users';
import { userBalances } from '../../server/ledger/balances';
import { fundDemoStart } from '../../server/ledger/demo';

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
  const demo = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(demo),
    userId,
    accountType: 'demo',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await fundDemoStart(db, userId);
  return demo;
}
