import type { Locale } from '../../../domain/format/locale';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';

/**
 * The pages every kind of offering (IPO, ICO, offline) reads alike: who asks, which page, and
 * the list / coming-soon pages cut from the offerings as the caller sees them.
 */
export type Viewer = { session: Session | null; locale: Locale; now: number };
export type Paged = { page: number; size: number };

export function pageOf<T>(items: T[], { page, size }: Paged) {
  return { list: items.slice((page - 1) * size, page * size), total: items.length, page, size };
}

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
