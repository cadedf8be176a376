import type { Db } from '../db/client';

/**
 * Opens a new user's ledger accounts (real and demo: stock TRY, coin USDT, contract USDT,
 * available and frozen) and posts the demo account's starting balance from the demo
 * funding system account. Called inside the registration transaction.
 *
 * PLACEHOLDER until the ledger work lands: does nothing yet.
 */
export async function openUserLedger(_tx: Db, _userId: bigint): Promise<void> {}
