import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { icoAllocation } from '../../../domain/ipo/ico';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { eachApart } from '../../periodic';
import { icoAllocations, icoCommitments, icoOfferings } from '../../db/schema/ico';
import { systemAccount, userAccount } from '../../ledger/account-ref';
import { lockSystemFirst } from '../../ledger/account-rows';
import { excludeWriterBatches } from '../../ledger/pass-barrier';
import { COIN_HOLD, releaseRest } from '../lifecycle/release-rest';
import { postTransaction } from '../../ledger/post';
import { day } from '../ipo/notify';
import { allocationDueAt } from '../ipo/terms';
import { announceTold, type RecordNews } from '../lifecycle/announce';
import { eachStep, lockedStep, toldOf, type Told as ToldOf } from '../lifecycle/locked-step';
import { lockOffering } from '../lifecycle/offering-lock';
import { dueSteps } from '../lifecycle/steps';
import { tellIcoUser, type IcoNews } from './notify';
import {
  canonicalDecimal,
  commitmentStatusOf,
  icoTermsOf,
  refundDueAt,
  type CommitmentRow,
  type IcoRow,
} from './terms';

/**
 * One round of the ICO clock at `now` (an owned job, server/jobs.ts; tests call it on a virtual
 * clock): at the window's end the pro-rata allocation of domain/ipo/ico, each commitment's spent
 * USDT paid from its hold to the issuer; on the refund date the rest of the hold released; on the
 * listing date the tokens delivered into the coin account. Each step is its own transaction and
 * marks its row, so a pass stopped half way is finished by the next and nothing is done twice.
 */
export type IcoPassReport = { allocated: number; refunded: number; credited: number };

/** `id`: the commitment's, whose screens are told it changed. */
type Told = ToldOf<IcoNews>;

/** Allocates one pool (real or demo) of a sale whose window closed; once, by the unique index. */
async function allocatePool(db: Db, ico: IcoRow, accountType: AccountType, now: number): Promise<Told[]> {
  return db.transaction(async (tx) => {
    await lockOffering(tx, icoOfferings, ico.id);
    const done = await tx
      .select({ id: icoAllocations.id })
      .from(icoAllocations)
      .where(and(eq(icoAllocations.icoId, ico.id), eq(icoAllocations.accountType, accountType)));
    if (done.length > 0) return [];
    const rows = await tx
      .select()
      .from(icoCommitments)
      .where(and(eq(icoCommitments.icoId, ico.id), eq(icoCommitments.accountType, accountType)));
    const outcome = icoAllocation(
      icoTermsOf(ico),
      rows.map((r) => ({ id: String(r.id), amount: canonicalDecimal(r.amount) })),
    );
    if (!outcome.ok) throw new Error(`ICO ${ico.id} allocation refused: ${outcome.error.key}`);
    // Spends post one committer after another, as a trading batch locks its users in rounds of
    // its own: no batch runs meanwhile (pass-barrier.ts), and the issuer's account is taken first
    // (docs/partitions.md, "Lock order").
    await excludeWriterBatches(tx);
    await lockSystemFirst(tx, [systemAccount('issuer', 'USDT')]);
    const told: Told[] = [];
    for (const [i, share] of outcome.shares.entries()) {
      const row = rows[i] as CommitmentRow;
      let spendTxId: bigint | null = null;
      if (new Decimal(share.spent).gt(0)) {
        const posted = await postTransaction(tx, {
          reason: 'ico_spend',
          referenceType: 'ico_commitment',
          referenceId: String(row.id),
          memo: `${share.tokens} ${ico.token}`,
          lines: [
            {
              account: userAccount(row.userId, accountType, 'coin', 'USDT', 'frozen'),
              amount: new Decimal(share.spent).neg().toFixed(),
            },
            { account: systemAccount('issuer', 'USDT'), amount: share.spent },
          ],
        });
        spendTxId = posted.id;
      }
      await tx
        .update(icoCommitments)
        .set({ tokens: share.tokens, spent: share.spent, allocatedAt: now, spendTxId })
        .where(eq(icoCommitments.id, row.id));
      const refundAt = day(refundDueAt(ico));
      told.push(
        toldOf<IcoNews>(
          row,
          new Decimal(share.tokens).gt(0)
            ? {
                kind: 'allocated',
                token: ico.token,
                tokens: share.tokens,
                spent: share.spent,
                refund: share.refund,
                refundAt,
                listingAt: day(ico.listingAt),
              }
            : { kind: 'none', token: ico.token, refund: share.refund, refundAt },
        ),
      );
    }
    await tx.insert(icoAllocations).values({
      icoId: ico.id,
      accountType,
      committers: rows.length,
      totalCommitted: outcome.totalCommitted,
      tokensSold: outcome.tokensSold,
      tokensUnsold: outcome.tokensUnsold,
      oversubscribed: outcome.oversubscribed,
      at: now,
    });
    return told;
  });
}

const lockCommitment = (id: bigint) => async (tx: Db) =>
  (await tx.select().from(icoCommitments).where(eq(icoCommitments.id, id)).for('update'))[0];

/** Releases what the allocation did not spend, on the refund date. */
function refund(db: Db, ico: IcoRow, row: CommitmentRow, now: number) {
  return lockedStep<CommitmentRow, IcoNews>(
    db,
    lockCommitment(row.id),
    (r) => r.allocatedAt !== null && r.refundedAt === null,
    async (tx, fresh) => {
      const rest = new Decimal(fresh.amount).minus(fresh.spent);
      const released = await releaseRest(tx, COIN_HOLD, fresh, 'ico_commitment', rest, `${ico.token} refund`);
      await tx
        .update(icoCommitments)
        .set({ ...released, refundedAt: now })
        .where(eq(icoCommitments.id, fresh.id));
      return null;
    },
  );
}

/** Listing day: the issuer delivers the tokens into the coin account (its token account runs negative). */
function credit(db: Db, ico: IcoRow, row: CommitmentRow, now: number) {
  return lockedStep<CommitmentRow, IcoNews>(
    db,
    lockCommitment(row.id),
    (r) => r.allocatedAt !== null && r.creditedAt === null && r.tokens !== null,
    async (tx, fresh) => {
      const tokens = canonicalDecimal(fresh.tokens ?? '0');
      const posted = await postTransaction(tx, {
        reason: 'ico_listing',
        referenceType: 'ico_commitment',
        referenceId: String(fresh.id),
        memo: `${tokens} ${ico.token}`,
        lines: [
          { account: systemAccount('issuer', ico.token), amount: new Decimal(tokens).neg().toFixed() },
          { account: userAccount(fresh.userId, fresh.accountType, 'coin', ico.token), amount: tokens },
        ],
      });
      await tx
        .update(icoCommitments)
        .set({ creditedAt: now, creditTxId: posted.id })
        .where(eq(icoCommitments.id, fresh.id));
      return { kind: 'credited', token: ico.token, tokens };
    },
  );
}

/** The commitments' open screens: their rows as they now are, status as the list spells it. */
const icoRecords: RecordNews<CommitmentRow> = {
  area: 'ico',
  read: (db, ids) => db.select().from(icoCommitments).where(inArray(icoCommitments.id, ids)),
  statusOf: commitmentStatusOf,
};

async function each(
  db: Db,
  rows: CommitmentRow[],
  now: number,
  step: (row: CommitmentRow) => Promise<Told | null>,
): Promise<number> {
  const told = await eachStep(rows, step);
  await announceTold(db, told, now, icoRecords, tellIcoUser);
  return told.length;
}

export async function runIcoPass(db: Db, now: number): Promise<IcoPassReport> {
  const report: IcoPassReport = { allocated: 0, refunded: 0, credited: 0 };
  const icos = await db
    .select()
    .from(icoOfferings)
    .where(lte(icoOfferings.subscribeStart, now))
    .orderBy(icoOfferings.id);
  await eachApart(icos, async (ico) => {
    const due = dueSteps(
      { allocation: allocationDueAt(ico), refund: refundDueAt(ico), listing: ico.listingAt },
      now,
    );
    if (!due.has('allocation')) return;
    const allocated = await db
      .select({ accountType: icoAllocations.accountType })
      .from(icoAllocations)
      .where(eq(icoAllocations.icoId, ico.id));
    for (const accountType of ['real', 'demo'] as const) {
      if (allocated.some((a) => a.accountType === accountType)) continue;
      const told = await allocatePool(db, ico, accountType, now);
      report.allocated += told.length;
      await announceTold(db, told, now, icoRecords, tellIcoUser);
    }
    const open = (extra: ReturnType<typeof isNull>) =>
      db
        .select()
        .from(icoCommitments)
        .where(and(eq(icoCommitments.icoId, ico.id), isNotNull(icoCommitments.allocatedAt), extra));
    if (due.has('refund'))
      report.refunded += await each(db, await open(isNull(icoCommitments.refundedAt)), now, (row) =>
        refund(db, ico, row, now),
      );
    if (due.has('listing'))
      report.credited += await each(
        db,
        await open(and(isNull(icoCommitments.creditedAt), sql`${icoCommitments.tokens} > 0`) ?? sql`false`),
        now,
        (row) => credit(db, ico, row, now),
      );
  });
  return report;
}
