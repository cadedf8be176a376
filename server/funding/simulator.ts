import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deposits } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { eachApart } from '../periodic';
import { readSetting } from '../settings';
import { approveDeposit } from './decide';

async function pendingBefore(db: Db, kinds: string[], before: number): Promise<bigint[]> {
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(eq(deposits.status, 'pending'), inArray(deposits.kind, kinds), lte(deposits.createdAt, before)),
    )
    .orderBy(deposits.id);
  return rows.map((r) => r.id);
}

/**
 * One pass of the sandbox payment and chain simulators at `now`: with `funding.simulator` set,
 * bank and offline deposits pending at least that long are approved; with `coinFunding.simulator`,
 * reported crypto transfers are confirmed. Withdrawals are never decided here: they wait for the
 * operator. Answers how many it credited.
 */
export async function simulateFunding(db: Db, now: number): Promise<number> {
  const funding = (await readSetting(db, 'funding')).simulator;
  const coins = (await readSetting(db, 'coinFunding')).simulator;
  const ids = [
    ...(funding
      ? await pendingBefore(db, ['bank', 'offline'], now - funding.approveAfterSeconds * 1000)
      : []),
    ...(coins ? await pendingBefore(db, ['crypto'], now - coins.confirmAfterSeconds * 1000) : []),
  ];
  let credited = 0;
  // Each deposit apart: one whose credit fails (a reported amount past what a balance holds)
  // held up every deposit after it, other users' included, pass after pass.
  await eachApart(ids, async (id) => {
    try {
      await approveDeposit({ db, now, by: 'simulator' }, id);
      credited += 1;
    } catch (error) {
      // The operator decided it meanwhile: theirs stands.
      if (!(error instanceof ApiError && error.key === 'DEPOSIT_NOT_PENDING')) throw error;
    }
  });
  return credited;
}
