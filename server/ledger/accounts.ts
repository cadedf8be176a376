import type { Db } from '../db/client';
import { standardAccounts } from './account-ref';
import { ensureAccounts } from './account-rows';
import { fundDemoStart } from './demo';

/**
 * Opens a new user's ledger accounts (real and demo: stock TRY, coin USDT, contract USDT,
 * available and frozen) and posts the demo account's starting balance from the demo
 * funding system account. Called inside the registration transaction; calling it again
 * for the same user changes nothing.
 */
export async function openUserLedger(tx: Db, userId: bigint): Promise<void> {
  await ensureAccounts(tx, standardAccounts(userId));
  await fundDemoStart(tx, userId);
}
