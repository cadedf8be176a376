import { and, eq } from 'drizzle-orm';
import { checkPayment } from '../../../domain/ipo/lifecycle';
import { checkSubscriptionBalance, subscriptionCharge } from '../../../domain/ipo/money';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import { lockUserRow } from '../../accounts/user-lock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ipoApplications } from '../../db/schema/primary';
import { ApiError } from '../../http/errors';
import { balanceOf } from '../../trading/spot/place';
import Decimal from 'decimal.js';
import { chargeAllotment, deliverAllotted } from '../allotment';
import { confirmTradePassword } from '../confirm';
import { announceBalances } from './notify';
import { applicationOnWire, loadOffering } from './reads';
import { applicationFactsOf, applicationStatusOf, applicationTermsOf, priceTermsOf } from './terms';
import { ownedBy } from '../../db/owned';

/**
 * With `action=pay`: pays the lots won in a pay-after IPO (SPEC §4
 * "allocated pending payment" → paid). The trade password first, then, on the locked user and
 * application rows, domain/ipo/lifecycle's check (allotted, not paid, before the deadline) and the
 * balance; then ONE ledger posting from the free cash to the issuer (costs to fees), so a payment
 * is charged as it is made and there is no hold to settle later, and the shares delivered, locked
 * until the first session after the listing. Refusals change nothing.
 */
export async function payForAllotment(
  db: Db,
  session: Session,
  input: { id: bigint; tradePassword: string },
  now: number,
): Promise<IpoApplication> {
  await confirmTradePassword(db, session, input.tradePassword);
  const offering = await loadOffering(db, input.id);
  const paid = await db.transaction(async (tx) => {
    await lockUserRow(tx, session.userId);
    const [row] = await tx
      .select()
      .from(ipoApplications)
      .where(and(eq(ipoApplications.ipoId, offering.id), ownedBy(ipoApplications, session)))
      .for('update');
    // No application of this account, or a hold IPO (paid from its hold): nothing is waiting to be paid.
    if (!row) throw new ApiError('IPO_PAYMENT_CLOSED', { status: 'none' });
    if (applicationTermsOf(offering).mode !== 'pay_after')
      throw new ApiError('IPO_PAYMENT_CLOSED', { status: applicationStatusOf(offering, row, now) });
    const closed = checkPayment(applicationTermsOf(offering), applicationFactsOf(row), now);
    if (closed) throw new ApiError(closed.key, closed.params);
    // In time by the request's clock, but the pass has already marked it lapsed and told the user.
    if (row.lapsedAt !== null) throw new ApiError('IPO_PAYMENT_CLOSED', { status: 'lapsed' });
    const lots = BigInt(row.allottedLots ?? '0');
    const charge = subscriptionCharge(priceTermsOf(offering), lots);
    const short = checkSubscriptionBalance(
      await balanceOf(tx, session.userId, session.accountType, 'stock', 'TRY'),
      charge.total,
    );
    if (short) throw new ApiError(short.key, short.params);
    const posted = await chargeAllotment(tx, {
      userId: session.userId,
      accountType: session.accountType,
      referenceType: 'ipo_application',
      referenceId: String(row.id),
      symbol: offering.symbol,
      lots,
      charge,
      from: 'available',
    });
    // Paid, so the shares are the user's: delivered now, locked until the first session after the listing.
    const delivered = await deliverAllotted(tx, {
      userId: session.userId,
      accountType: session.accountType,
      referenceType: 'ipo_application',
      referenceId: String(row.id),
      symbol: offering.symbol,
      shares: new Decimal(lots.toString()).times(offering.lotSize),
      cost: charge.total,
      listingAt: offering.listingAt,
      now,
    });
    const [done] = await tx
      .update(ipoApplications)
      .set({ charged: charge.total, chargeTxId: posted.id, listingTxId: delivered.id, paidAt: now })
      .where(eq(ipoApplications.id, row.id))
      .returning();
    return done ?? row;
  });
  await announceBalances(db, session.userId, session.accountType, now);
  return applicationOnWire(offering, paid, now);
}
