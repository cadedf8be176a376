import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { checkIcoCommit } from '../../../domain/ipo/ico';
import type { IcoCommitment } from '../../../domain/protocol/ico';
import { lockUserRow } from '../../accounts/user-lock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { icoAllocations, icoCommitments, icoOfferings } from '../../db/schema/ico';
import { ApiError } from '../../http/errors';
import { freeze } from '../../ledger/moves';
import { balanceOf } from '../../trading/spot/place';
import { confirmTradePassword } from '../confirm';
import { announceBalances } from '../ipo/notify';
import { subscriptionClosedAt } from '../ipo/terms';
import { commitmentOnWire, loadIco } from './reads';
import { canonicalDecimal, type CommitmentRow, type IcoRow } from './terms';
import { ownedBy } from '../../db/owned';
import { updateRow } from '../../db/update-row';

/**
 * Commits USDT to a coin sale: the checks of domain/ipo/ico on the locked account, then the row and
 * ONE ledgered hold (coin USDT available → frozen) in one transaction, as stock IPO applications do
 * (see ../ipo/apply.ts for why the hold is posted here rather than through the trading writer, and
 * why the sale's row is read again under a share lock first: a commitment waiting while the
 * operator closed the sale early and the pass allocated it would otherwise hold its USDT for good).
 */
export async function placeCommitment(
  db: Db,
  given: IcoRow,
  who: Session,
  amountText: string,
  now: number,
): Promise<CommitmentRow> {
  return db.transaction(async (tx) => {
    const [ico] = await tx.select().from(icoOfferings).where(eq(icoOfferings.id, given.id)).for('share');
    if (!ico) throw new ApiError('ICO_NOT_FOUND');
    const [allocated] = await tx
      .select({ id: icoAllocations.id })
      .from(icoAllocations)
      .where(and(eq(icoAllocations.icoId, ico.id), eq(icoAllocations.accountType, who.accountType)));
    await lockUserRow(tx, who.userId);
    const existing = await tx
      .select({ id: icoCommitments.id })
      .from(icoCommitments)
      .where(and(eq(icoCommitments.icoId, ico.id), ownedBy(icoCommitments, who)));
    const available = await balanceOf(tx, who.userId, who.accountType, 'coin', 'USDT');
    const refusal = checkIcoCommit(amountText, {
      t: now,
      window: { start: ico.subscribeStart, end: subscriptionClosedAt(ico) },
      min: canonicalDecimal(ico.minCommit),
      max: ico.maxCommit === null ? null : canonicalDecimal(ico.maxCommit),
      committed: '0',
      available,
    });
    // The window by the request's clock, which an allocation may have overtaken while it waited.
    if (refusal?.key === 'ICO_NOT_SUBSCRIBING' || allocated) throw new ApiError('ICO_NOT_SUBSCRIBING');
    if (existing.length > 0) throw new ApiError('ICO_ALREADY_APPLIED');
    if (refusal) {
      // Amounts in USDT on the user's words; a short balance in the coin sale's own words.
      const usdt = (v: unknown) => `${String(v)} USDT`;
      if (refusal.key === 'INSUFFICIENT_BALANCE')
        throw new ApiError('ICO_INSUFFICIENT_BALANCE', {
          amount: usdt(amountText),
          available: usdt(new Decimal(available).toFixed()),
        });
      const params = { ...refusal.params };
      if (params.min !== undefined) params.min = usdt(params.min);
      if (params.max !== undefined) params.max = usdt(params.max);
      throw new ApiError(refusal.key, params);
    }
    const amount = new Decimal(amountText).toFixed();
    const [row] = await tx
      .insert(icoCommitments)
      .values({ icoId: ico.id, userId: who.userId, accountType: who.accountType, amount, committedAt: now })
      .returning();
    if (!row) throw new Error('commitment insert returned nothing');
    const posted = await freeze(tx, {
      userId: who.userId,
      accountType: who.accountType,
      wallet: 'coin',
      currency: 'USDT',
      amount,
      reason: 'ico_hold',
      referenceType: 'ico_commitment',
      referenceId: String(row.id),
      memo: `${ico.token} ${amount} USDT`,
    });
    return updateRow(tx, icoCommitments, row, { holdTxId: posted.id });
  });
}

/**
 * The trade password first (DECISIONS §3), then the sale's and the
 * account's checks. Demo accounts commit virtual USDT into a pool of their own (ico_allocations).
 */
export async function commitToIco(
  db: Db,
  session: Session,
  input: { id: bigint; amount: string; tradePassword: string },
  now: number,
): Promise<IcoCommitment> {
  await confirmTradePassword(db, session, input.tradePassword);
  const ico = await loadIco(db, input.id);
  const row = await placeCommitment(db, ico, session, input.amount, now);
  await announceBalances(db, session.userId, session.accountType, now);
  return commitmentOnWire(ico, row);
}
