import { desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../domain/format/locale';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { pageOf } from '../../content/paging';
import { ownedBy } from '../../db/owned';

/**
 * The pages every kind of offering (IPO, ICO, offline) reads alike: who asks, which page, and
 * the list / coming-soon pages cut from the offerings as the caller sees them.
 */
export type Viewer = { session: Session | null; locale: Locale; now: number };
export type Paged = { page: number; size: number };

/** A page of offerings or applications, of one status when asked (IPOs and ICOs alike). */
export function pageByStatus<T extends { status: string }>(
  all: T[],
  paged: Paged & { status?: string | undefined },
) {
  return pageOf(paged.status ? all.filter((row) => row.status === paged.status) : all, paged);
}

/** The offerings not open yet, soonest first. */
export function comingPage<T extends { status: string; subscribeStart: number }>(all: T[], paged: Paged) {
  const coming = all.filter((row) => row.status === 'upcoming');
  return pageOf(
    coming.sort((a, b) => a.subscribeStart - b.subscribeStart),
    paged,
  );
}

/**
 * The list page (optionally one status) and the coming page of one kind of offering, both cut
 * from every offering as this viewer sees it, so the two pages never disagree on a row.
 */
export function offeringPages<T extends { status: S; subscribeStart: number }, S extends string>(
  allOnWire: (db: Db, viewer: Viewer) => Promise<T[]>,
) {
  return {
    list: async (db: Db, viewer: Viewer, paged: Paged & { status?: S | undefined }) =>
      pageByStatus(await allOnWire(db, viewer), paged),
    coming: async (db: Db, viewer: Viewer, paged: Paged) => comingPage(await allOnWire(db, viewer), paged),
  };
}

type MineTable = PgTable & { id: PgColumn; userId: PgColumn; accountType: PgColumn };

/**
 * The session account's own rows of one kind (applications, commitments) with the offering each
 * belongs to, newest first (ties by id, so a page never reorders between two reads).
 */
export async function mineWithOffering<M extends MineTable, O extends PgTable & { id: PgColumn }>(
  db: Db,
  session: Session,
  rows: { mine: M; offering: O; link: PgColumn; at: PgColumn },
): Promise<{ mine: M['$inferSelect']; offering: O['$inferSelect'] }[]> {
  const { mine, offering, link, at } = rows;
  // drizzle's from/join checks cannot resolve on a type parameter; the plain table type they accept
  const fromTable: PgTable = mine;
  const joinTable: PgTable = offering;
  return db
    .select({ mine, offering })
    .from(fromTable)
    .innerJoin(joinTable, eq(offering.id, link))
    .where(ownedBy(mine, session))
    .orderBy(desc(at), desc(mine.id));
}

/** One page (of one status when asked) of the session's own rows of one kind, as the wire shows them. */
export async function minePageByStatus<
  M extends MineTable,
  O extends PgTable & { id: PgColumn },
  W extends { status: string },
>(
  db: Db,
  session: Session,
  rows: { mine: M; offering: O; link: PgColumn; at: PgColumn },
  onWire: (offering: O['$inferSelect'], mine: M['$inferSelect']) => W,
  paged: Paged & { status?: string | undefined },
) {
  const all = (await mineWithOffering(db, session, rows)).map((r) => onWire(r.offering, r.mine));
  return pageByStatus(all, paged);
}
