import { and, eq, isNull } from 'drizzle-orm';
import { autoApplyLots, ipoLotLimits } from '../../../domain/ipo/apply';
import { ipoStatus } from '../../../domain/ipo/lifecycle';
import type { Db } from '../../db/client';
import { ipoOfferings } from '../../db/schema/primary';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n';
import { canonical } from '../../ledger/decimal';
import { placeApplication } from './apply';
import { announceBalances, tellUser } from './notify';
import { windowOf, type OfferingRow } from './terms';

/**
 * Auto-apply: when an IPO's window opens, every user with the switch on is applied for
 * with their real account — the IPO's minimum lots (whole lottery tickets) — if the balance covers it, and is
 * told either way. It runs once per IPO: the offering is marked first, in its own statement, so a
 * crash part way leaves some users unapplied rather than anyone applied twice (the unique index
 * would refuse a second application anyway).
 */
export async function runAutoApply(db: Db, offering: OfferingRow, now: number): Promise<number> {
  if (offering.autoAppliedAt !== null || ipoStatus(windowOf(offering), now) !== 'subscribing') return 0;
  const marked = await db
    .update(ipoOfferings)
    .set({ autoAppliedAt: now })
    .where(and(eq(ipoOfferings.id, offering.id), isNull(ipoOfferings.autoAppliedAt)))
    .returning({ id: ipoOfferings.id });
  if (marked.length === 0) return 0;
  // The IPO's minimum, in whole lottery tickets (the same limits an application by hand meets).
  const lots = autoApplyLots(ipoLotLimits(offering), BigInt(offering.maxLots));
  const wanting = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.openAutoApply, 1), eq(users.status, 1)));
  let applied = 0;
  for (const { id } of wanting) {
    const who = { userId: id, accountType: 'real' as const };
    try {
      if (lots === null) throw new ApiError('IPO_LOTS_ABOVE_MAXIMUM', { max: offering.maxLots });
      const row = await placeApplication(db, offering, who, lots.toString(), now, true);
      applied += 1;
      await tellUser(db, who, {
        kind: 'auto_applied',
        symbol: offering.symbol,
        lots: row.lots,
        held: canonical(row.held),
      });
      await announceBalances(db, id, 'real', now);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Applied by hand already: nothing to say.
      if (error.key === 'IPO_ALREADY_APPLIED') continue;
      await tellUser(db, who, {
        kind: 'auto_skipped',
        symbol: offering.symbol,
        reason: {
          'tr-TR': translate('tr-TR', error.key, error.params),
          'en-US': translate('en-US', error.key, error.params),
        },
      });
    }
  }
  return applied;
}
