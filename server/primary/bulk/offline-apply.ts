import { and, eq, isNotNull } from 'drizzle-orm';
import { parseLots } from '../../../domain/ipo/lots';
import { applicationHold, type IpoPriceTerms } from '../../../domain/ipo/money';
import { checkOfflineApply } from '../../../domain/ipo/offline';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import { lockUserRow } from '../../accounts/user-lock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { offlineApplications } from '../../db/schema/bulk';
import { ipoOfferings } from '../../db/schema/primary';
import { ApiError } from '../../http/errors';
import { freeze } from '../../ledger/moves';
import { balanceOf } from '../../trading/spot/place';
import { confirmTradePassword } from '../confirm';
import { announceBalances } from '../ipo/notify';
import { loadOffering } from '../ipo/reads';
import { priceTermsOf, type OfferingRow } from '../ipo/terms';
import { offlineApplicationOnWire } from './offline-reads';
import { trancheOf, type OfflineRow } from './offline-terms';
import { ownedBy } from '../../db/owned';
import { updateRow } from '../../db/update-row';

/**
 * The trade password, then — as a retail application
 * (server/primary/ipo/apply.ts) — the checks of domain/ipo/offline on the locked user row, the
 * row and ONE ledgered hold (stock TRY available → frozen) in one transaction; the unique index
 * is the last word on "once". The offering row is read under a share lock first, as there: an
 * application is in its pool's allotment or refused, never allotted after it from the whole
 * tranche again. Demo accounts apply into a demo tranche of the same size.
 */
export async function applyOffline(
  db: Db,
  session: Session,
  input: { id: bigint; lots: string; tradePassword: string },
  now: number,
): Promise<OfflineApplication> {
  await confirmTradePassword(db, session, input.tradePassword);
  const offering = await loadOffering(db, input.id);
  const row = await db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, offering.id)).for('share');
    if (!fresh) throw new ApiError('IPO_NOT_FOUND');
    const tranche = trancheOf(fresh);
    const [allotted] = await tx
      .select({ id: offlineApplications.id })
      .from(offlineApplications)
      .where(
        and(
          eq(offlineApplications.ipoId, offering.id),
          eq(offlineApplications.accountType, session.accountType),
          isNotNull(offlineApplications.allocatedAt),
        ),
      )
      .limit(1);
    await lockUserRow(tx, session.userId);
    const existing = await tx
      .select({ id: offlineApplications.id })
      .from(offlineApplications)
      .where(and(eq(offlineApplications.ipoId, offering.id), ownedBy(offlineApplications, session)));
    const terms = priceTermsOf(fresh);
    const refusal = checkOfflineApply(input.lots, {
      t: now,
      window: tranche.window,
      terms,
      limits: tranche.limits,
      alreadyApplied: existing.length > 0,
      available: await balanceOf(tx, session.userId, session.accountType, 'stock', 'TRY'),
    });
    // The window by the request's clock, which the allotment may have overtaken while it waited.
    if (allotted && refusal?.key !== 'IPO_NOT_SUBSCRIBING')
      throw new ApiError('IPO_NOT_SUBSCRIBING', { status: 'offline_closed' });
    if (refusal) throw new ApiError(refusal.key, refusal.params);
    return holdApplication(tx, session, offering, terms, parseLots(input.lots) ?? 0n, now);
  });
  await announceBalances(db, session.userId, session.accountType, now);
  return offlineApplicationOnWire(offering, row, now);
}

/** The application stored and its cost held from the stock wallet, in the caller's transaction. */
async function holdApplication(
  tx: Db,
  session: Session,
  offering: OfferingRow,
  terms: IpoPriceTerms,
  lots: bigint,
  now: number,
): Promise<OfflineRow> {
  const charge = applicationHold(terms, 'hold', lots);
  const [inserted] = await tx
    .insert(offlineApplications)
    .values({
      ipoId: offering.id,
      userId: session.userId,
      accountType: session.accountType,
      lots: lots.toString(),
      amount: charge.amount,
      costs: charge.costs,
      total: charge.total,
      held: charge.hold,
      appliedAt: now,
    })
    .returning();
  if (!inserted) throw new Error('offline application insert returned nothing');
  const posted = await freeze(tx, {
    userId: session.userId,
    accountType: session.accountType,
    wallet: 'stock',
    currency: 'TRY',
    amount: charge.hold,
    reason: 'ipo_hold',
    referenceType: 'offline_application',
    referenceId: String(inserted.id),
    memo: `${offering.symbol} offline ${lots.toString()} lot`,
  });
  return updateRow(tx, offlineApplications, inserted, { holdTxId: posted.id });
}
