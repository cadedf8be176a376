import Decimal from 'decimal.js';
import { desc, eq } from 'drizzle-orm';
import { purchaseWindow, trialWindow, vipStateAt, type VipRecord } from '../../domain/membership/vip';
import type { VipStatus } from '../../domain/protocol/membership';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { vipMemberships, vipPurchases } from '../db/schema/membership';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { systemAccount, userAccount } from '../ledger/account-ref';
import { postTransaction } from '../ledger/post';
import { confirmTradePassword } from '../primary/confirm';
import { announceBalances } from '../primary/ipo/notify';
import { readSetting } from '../settings';

export const VIP_REASON = 'vip_purchase';
export const VIP_REFERENCE = 'vip_purchase';

async function recordOf(db: Db, userId: bigint, lock = false): Promise<VipRecord | null> {
  const query = db.select().from(vipMemberships).where(eq(vipMemberships.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether the user is a VIP member at `now` (trial or purchased): the VIP-only offers ask this. */
export async function isVipMember(db: Db, userId: bigint, now: number): Promise<boolean> {
  return vipStateAt(await recordOf(db, userId), now).active;
}

/** The state, the disclosed terms, and the purchases (newest first). */
export async function vipStatus(db: Db, userId: bigint, now: number): Promise<VipStatus> {
  const terms = await readSetting(db, 'vip');
  const record = await recordOf(db, userId);
  const purchases = await db
    .select()
    .from(vipPurchases)
    .where(eq(vipPurchases.userId, userId))
    .orderBy(desc(vipPurchases.id))
    .limit(50);
  return {
    ...vipStateAt(record, now),
    trialDays: terms.trialDays,
    trialAvailable: terms.trialDays > 0 && (record?.trialStartedAt ?? null) === null,
    trialStartedAt: record?.trialStartedAt ?? null,
    trialEndsAt: record?.trialEndsAt ?? null,
    paidUntil: record?.paidUntil ?? null,
    price: canonical(terms.price),
    currency: 'TRY',
    validityDays: terms.validityDays,
    purchases: purchases.map((p) => ({
      id: String(p.id),
      price: canonical(p.price),
      days: p.days,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      boughtAt: p.boughtAt,
    })),
  };
}

/**
 * VIP is the user's, bought and started from the real account: a demo session could otherwise
 * make it free with practice money.
 */
function checkReal(session: Session): void {
  if (session.accountType !== 'real') throw new ApiError('VIP_REAL_ACCOUNT_ONLY');
}

/** Starts the free trial, once per user; the row lock makes concurrent starts count once. */
export async function startTrial(db: Db, session: Session, now: number): Promise<VipStatus> {
  checkReal(session);
  const terms = await readSetting(db, 'vip');
  if (terms.trialDays <= 0) throw new ApiError('VIP_TRIAL_USED');
  await db.transaction(async (tx) => {
    await tx.insert(vipMemberships).values({ userId: session.userId }).onConflictDoNothing();
    const record = await recordOf(tx, session.userId, true);
    if (record?.trialStartedAt !== null && record?.trialStartedAt !== undefined)
      throw new ApiError('VIP_TRIAL_USED');
    const window = trialWindow(now, terms.trialDays);
    await tx
      .update(vipMemberships)
      .set({ trialStartedAt: window.startsAt, trialEndsAt: window.endsAt })
      .where(eq(vipMemberships.userId, session.userId));
  });
  return vipStatus(db, session.userId, now);
}

/**
 * Buys `validityDays` of VIP for the configured price: the trade password first, the shown
 * price against the terms, then in one transaction the membership row locked, the validity
 * extended from where the active membership ends, and one posting from the real stock account to
 * `system:vip:TRY` (INSUFFICIENT_BALANCE rolls everything back).
 */
export async function buyVip(
  db: Db,
  session: Session,
  input: { price?: string | undefined; paidUntil?: number | undefined; tradePassword: string },
  now: number,
): Promise<VipStatus> {
  checkReal(session);
  await confirmTradePassword(db, session, input.tradePassword);
  const terms = await readSetting(db, 'vip');
  if (input.price === undefined || !new Decimal(input.price).eq(terms.price))
    throw new ApiError('VIP_PRICE_CHANGED', { price: canonical(terms.price) });
  if (input.paidUntil === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'paidUntil' });
  await db.transaction(async (tx) => {
    await tx.insert(vipMemberships).values({ userId: session.userId }).onConflictDoNothing();
    const record = await recordOf(tx, session.userId, true);
    // Under the row lock: of ten identical requests (a double tap, a retried GET) the first
    // extends the membership and the rest find it moved.
    if ((record?.paidUntil ?? 0) !== input.paidUntil) throw new ApiError('VIP_STATE_CHANGED');
    const window = purchaseWindow(record, now, terms.validityDays);
    const [row] = await tx
      .insert(vipPurchases)
      .values({
        userId: session.userId,
        price: terms.price,
        days: terms.validityDays,
        startsAt: window.startsAt,
        endsAt: window.endsAt,
        boughtAt: now,
      })
      .returning({ id: vipPurchases.id });
    if (!row) throw new Error('vip purchase insert returned nothing');
    const posted = await postTransaction(tx, {
      reason: VIP_REASON,
      referenceType: VIP_REFERENCE,
      referenceId: String(row.id),
      memo: `VIP ${terms.validityDays}d`,
      lines: [
        {
          account: userAccount(session.userId, 'real', 'stock', 'TRY'),
          amount: new Decimal(terms.price).neg().toFixed(),
        },
        { account: systemAccount('vip', 'TRY'), amount: new Decimal(terms.price).toFixed() },
      ],
    });
    await tx.update(vipPurchases).set({ txId: posted.id }).where(eq(vipPurchases.id, row.id));
    await tx
      .update(vipMemberships)
      .set({ paidUntil: window.endsAt })
      .where(eq(vipMemberships.userId, session.userId));
  });
  await announceBalances(db, session.userId, 'real', now);
  return vipStatus(db, session.userId, now);
}
