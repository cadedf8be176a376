import { desc, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { AccountType } from '../../../domain/protocol/account';
import type { CommitmentStatus, Ico, IcoCommitment, IcoStatusWire } from '../../../domain/protocol/ico';
import type { Session } from '../../auth/session';
import { localize } from '../../content/text';
import type { Db } from '../../db/client';
import { icoAllocations, icoCommitments, icoOfferings } from '../../db/schema/ico';
import { ApiError } from '../../http/errors';
import { minePageByStatus, offeringPages, type Paged, type Viewer } from '../lifecycle/offering-reads';
import { statusOf } from '../ipo/terms';
import {
  canonicalDecimal,
  commitmentStatusOf,
  pairOf,
  refundDueAt,
  type CommitmentRow,
  type IcoRow,
} from './terms';
import { ownedBy } from '../../db/owned';
import { poolStats, type PoolStats } from '../pool-stats';

/**
 * What the ICO screens read. Totals are those of the caller's pool: real commitments for guests
 * and real accounts, demo ones for a demo session (each pool is allocated on its own).
 */
type Allocated = { sold: string; at: number };

async function soldTotals(db: Db, accountType: AccountType): Promise<Map<bigint, Allocated>> {
  const rows = await db
    .select({ icoId: icoAllocations.icoId, sold: icoAllocations.tokensSold, at: icoAllocations.at })
    .from(icoAllocations)
    .where(eq(icoAllocations.accountType, accountType));
  return new Map(rows.map((r) => [r.icoId, { sold: canonicalDecimal(r.sold), at: r.at }]));
}

async function myAmounts(db: Db, session: Session | null): Promise<Map<bigint, string> | null> {
  if (!session) return null;
  const rows = await db
    .select({ icoId: icoCommitments.icoId, amount: icoCommitments.amount })
    .from(icoCommitments)
    .where(ownedBy(icoCommitments, session));
  return new Map(rows.map((r) => [r.icoId, canonicalDecimal(r.amount)]));
}

function icoOnWire(
  row: IcoRow,
  viewer: Viewer,
  stats: PoolStats | undefined,
  allocated: Allocated | undefined,
  mine: Map<bigint, string> | null,
): Ico {
  const { status, until } = statusOf(row, viewer.now);
  const price = canonicalDecimal(row.tokenPrice);
  const offered = canonicalDecimal(row.tokensOffered);
  return {
    id: String(row.id),
    token: row.token,
    pair: pairOf(row),
    name: row.name,
    summary: localize(row.summary, viewer.locale),
    tokenPrice: price,
    tokensOffered: offered,
    tokenScale: row.tokenScale,
    offeredValue: new Decimal(offered).times(price).toFixed(),
    minCommit: canonicalDecimal(row.minCommit),
    maxCommit: row.maxCommit === null ? null : canonicalDecimal(row.maxCommit),
    subscribeStart: row.subscribeStart,
    subscribeEnd: row.subscribeEnd,
    closedAt: row.closedAt,
    allocationAt: row.allocationAt,
    // When the excess really goes back (at once after an early close of a sale that refunds at
    // allocation), as the refund job and the user's message have it: otherwise the detail
    // can say 27-11 beside a message saying 25-11.
    refundAt: refundDueAt(row),
    listingAt: row.listingAt,
    status,
    countdownUntil: until,
    totalCommitted: canonicalDecimal(stats?.sum ?? '0'),
    committers: stats?.count ?? 0,
    tokensSold: allocated?.sold ?? null,
    allocatedAt: allocated?.at ?? null,
    myCommitted: mine === null ? null : (mine.get(row.id) ?? '0'),
  };
}

async function allOnWire(db: Db, viewer: Viewer, only?: bigint): Promise<Ico[]> {
  const accountType = viewer.session?.accountType ?? 'real';
  const [rows, stats, sold, mine] = await Promise.all([
    only === undefined
      ? db.select().from(icoOfferings).orderBy(desc(icoOfferings.subscribeStart), desc(icoOfferings.id))
      : db.select().from(icoOfferings).where(eq(icoOfferings.id, only)),
    poolStats(db, icoCommitments, icoCommitments.icoId, icoCommitments.amount, accountType),
    soldTotals(db, accountType),
    myAmounts(db, viewer.session),
  ]);
  return rows.map((row) => icoOnWire(row, viewer, stats.get(String(row.id)), sold.get(row.id), mine));
}

/** Pages of coin sales: all (optionally one status), those subscribing now, those coming. */
export const { list: listIcos, coming: comingIcos } = offeringPages<Ico, IcoStatusWire>(allOnWire);

export async function loadIco(db: Db, id: bigint): Promise<IcoRow> {
  const [row] = await db.select().from(icoOfferings).where(eq(icoOfferings.id, id));
  if (!row) throw new ApiError('ICO_NOT_FOUND');
  return row;
}

export async function icoDetail(db: Db, viewer: Viewer, id: bigint): Promise<Ico> {
  const [ico] = await allOnWire(db, viewer, id);
  if (!ico) throw new ApiError('ICO_NOT_FOUND');
  return ico;
}

export function commitmentOnWire(ico: IcoRow, row: CommitmentRow): IcoCommitment {
  return {
    id: String(row.id),
    icoId: String(ico.id),
    token: ico.token,
    name: ico.name,
    tokenPrice: canonicalDecimal(ico.tokenPrice),
    status: commitmentStatusOf(row),
    committed: canonicalDecimal(row.amount),
    spent: canonicalDecimal(row.spent),
    refunded: canonicalDecimal(row.refunded),
    tokens: row.tokens === null ? null : canonicalDecimal(row.tokens),
    committedAt: row.committedAt,
    allocatedAt: row.allocatedAt,
    refundAt: refundDueAt(ico),
    refundedAt: row.refundedAt,
    listingAt: ico.listingAt,
    creditedAt: row.creditedAt,
  };
}

/** The session account's commitments, newest first. */
export async function listCommitments(
  db: Db,
  session: Session,
  paged: Paged & { status?: CommitmentStatus | undefined },
) {
  return minePageByStatus(
    db,
    session,
    {
      mine: icoCommitments,
      offering: icoOfferings,
      link: icoCommitments.icoId,
      at: icoCommitments.committedAt,
    },
    commitmentOnWire,
    paged,
  );
}
