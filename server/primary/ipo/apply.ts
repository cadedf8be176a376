import { and, eq } from 'drizzle-orm';
import { checkIpoApply, ipoLotLimits } from '../../../domain/ipo/apply';
import { parseLots } from '../../../domain/ipo/lots';
import { applicationHold } from '../../../domain/ipo/money';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import { lockUserRow } from '../../accounts/user-lock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { ApiError } from '../../http/errors';
import { freeze } from '../../ledger/moves';
import { confirmTradePassword } from '../confirm';
import { balanceOf } from '../../trading/spot/place';
import { announceBalances } from './notify';
import { applicationOnWire, loadOffering } from './reads';
import { paymentModeOf, priceTermsOf, windowOf, type ApplicationRow, type OfferingRow } from './terms';
import { ownedBy } from '../../db/owned';
import { updateRow } from '../../db/update-row';

/**
 * Applies for an IPO: the checks of domain/ipo/apply on the locked account, then the row and ONE
 * ledgered hold (stock TRY available → frozen) in one transaction. The offering row is read again
 * under a share lock first: the pass allocates under its update lock, so an application either
 * commits before the allocation reads the pool or finds the window closed (an early close) and the
 * pool allocated — never a row no allocation will see, its money frozen for good. Then the user
 * row, so one user's applications and withdrawals queue; the unique index is the last word on
 * "once", and the ledger's non-negative check on the balance. Like withdrawals, the hold is posted
 * here rather than through the trading writer: the writer's calls cross the cluster's bus by a
 * fixed list this area does not own, and a hold only lowers a balance the non-negative check guards.
 */
export async function placeApplication(
  db: Db,
  given: OfferingRow,
  who: Session,
  lotsText: string,
  now: number,
  auto: boolean,
): Promise<ApplicationRow> {
  return db.transaction(async (tx) => {
    const [offering] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, given.id)).for('share');
    if (!offering) throw new ApiError('IPO_NOT_FOUND');
    const [allocated] = await tx
      .select({ id: ipoAllocations.id })
      .from(ipoAllocations)
      .where(and(eq(ipoAllocations.ipoId, offering.id), eq(ipoAllocations.accountType, who.accountType)));
    await lockUserRow(tx, who.userId);
    const existing = await tx
      .select({ id: ipoApplications.id })
      .from(ipoApplications)
      .where(and(eq(ipoApplications.ipoId, offering.id), ownedBy(ipoApplications, who)));
    const terms = priceTermsOf(offering);
    const mode = paymentModeOf(offering);
    const refusal = checkIpoApply(lotsText, {
      t: now,
      window: windowOf(offering),
      mode,
      terms,
      limits: ipoLotLimits(offering),
      alreadyApplied: existing.length > 0,
      available: await balanceOf(tx, who.userId, who.accountType, 'stock', 'TRY'),
    });
    // The window by the request's clock, which an allocation may have overtaken while it waited.
    if (allocated && refusal?.key !== 'IPO_NOT_SUBSCRIBING')
      throw new ApiError('IPO_NOT_SUBSCRIBING', { status: 'allocating' });
    if (refusal) throw new ApiError(refusal.key, refusal.params);
    const lots = parseLots(lotsText) ?? 0n;
    const charge = applicationHold(terms, mode, lots);
    const [row] = await tx
      .insert(ipoApplications)
      .values({
        ipoId: offering.id,
        userId: who.userId,
        accountType: who.accountType,
        lots: lots.toString(),
        amount: charge.amount,
        costs: charge.costs,
        total: charge.total,
        held: charge.hold,
        auto,
        appliedAt: now,
      })
      .returning();
    if (!row) throw new Error('application insert returned nothing');
    // A pay-after application holds nothing: it is paid after allocation (./pay.ts).
    if (mode === 'pay_after') return row;
    const posted = await freeze(tx, {
      userId: who.userId,
      accountType: who.accountType,
      wallet: 'stock',
      currency: 'TRY',
      amount: charge.hold,
      reason: 'ipo_hold',
      referenceType: 'ipo_application',
      referenceId: String(row.id),
      memo: `${offering.symbol} ${lots.toString()} lot`,
    });
    return updateRow(tx, ipoApplications, row, { holdTxId: posted.id });
  });
}

/**
 * The trade password first (DECISIONS §3: it confirms
 * subscriptions), then the IPO's and the account's checks. Demo accounts may apply with their
 * virtual money: their applications share a pool of their own (see ipo_allocations).
 */
export async function applyForIpo(
  db: Db,
  session: Session,
  input: { id: bigint; lots: string; tradePassword: string },
  now: number,
): Promise<IpoApplication> {
  await confirmTradePassword(db, session, input.tradePassword);
  const offering = await loadOffering(db, input.id);
  const row = await placeApplication(db, offering, session, input.lots, now, false);
  await announceBalances(db, session.userId, session.accountType, now);
  return applicationOnWire(offering, row, now);
}
