import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/format/locale';
import type { Notice } from '../../domain/protocol/content';
import type { Db } from '../db/client';
import { noticeReads, notices } from '../db/schema/content';
import { ApiError } from '../http/errors';
import { offsetOf } from './paging';
import { localize } from './text';

type Paging = { page: number; size: number };
type NoticePage = { list: Notice[]; total: number; page: number; size: number };

const ORDER = [desc(notices.pinned), desc(notices.createdAt), desc(notices.id)];

/** Platform notices (userId null) plus, for a signed-in user, their own. */
function visibleTo(userId: bigint | null) {
  return userId === null ? isNull(notices.userId) : or(isNull(notices.userId), eq(notices.userId, userId));
}

/** Platform notices, pinned first, then newest first. */
export async function listPublicNotices(db: Db, locale: Locale, { page, size }: Paging): Promise<NoticePage> {
  const where = visibleTo(null);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(...ORDER)
      .limit(size)
      .offset(offsetOf(page, size)),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  const list = rows.map((n) => ({
    id: String(n.id),
    title: localize(n.title, locale),
    body: localize(n.body, locale),
    pinned: n.pinned,
    createdAt: n.createdAt.getTime(),
  }));
  return { list, total: totalRow?.n ?? 0, page, size };
}

/** Platform notices and the user's own, each with whether this user has read it. */
export async function listUserNotices(
  db: Db,
  userId: bigint,
  locale: Locale,
  { page, size }: Paging,
): Promise<NoticePage> {
  const where = visibleTo(userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ notice: notices, read: sql<boolean>`${noticeReads.noticeId} is not null` })
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId)))
      .where(where)
      .orderBy(...ORDER)
      .limit(size)
      .offset(offsetOf(page, size)),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  const list = rows.map(({ notice: n, read }) => ({
    id: String(n.id),
    title: localize(n.title, locale),
    body: localize(n.body, locale),
    pinned: n.pinned,
    createdAt: n.createdAt.getTime(),
    read: Boolean(read),
  }));
  return { list, total: totalRow?.n ?? 0, page, size };
}

/**
 * Marks a notice read for the user. Someone else's personal notice is answered exactly like a
 * missing one, so ids reveal nothing. Marking twice is harmless.
 */
export async function markNoticeRead(db: Db, userId: bigint, noticeId: bigint): Promise<void> {
  const found = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), visibleTo(userId)));
  if (found.length === 0) throw new ApiError('NOT_FOUND');
  await db.insert(noticeReads).values({ userId, noticeId }).onConflictDoNothing();
}
