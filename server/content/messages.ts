import { and, count, desc, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/format/locale';
import type { Message } from '../../domain/protocol/content';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { messageReads, messages } from '../db/schema/content';
import { ApiError } from '../http/errors';
import { offsetOf } from './paging';
import { localize } from './text';

export type MessageKind = Message['kind'];
/** `before`: the last message shown; the page is the ones after it, whatever `page` says. */
type ListQuery = { page: number; size: number; kind?: MessageKind | undefined; before?: bigint | undefined };

/**
 * A session sees every platform message (userId null), old or new, and its user's personal
 * messages about its own account or about no account in particular (a demo fill stays in the
 * demo inbox).
 */
function visibleTo({ userId, accountType }: Session) {
  return or(
    isNull(messages.userId),
    and(eq(messages.userId, userId), or(isNull(messages.accountType), eq(messages.accountType, accountType))),
  );
}

function unreadBy(userId: bigint) {
  return notExists(
    sql`(select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.userId} = ${userId})`,
  );
}

function asKind(value: string): MessageKind {
  return value === 'platform' ? 'platform' : 'personal';
}

/** Messages the user can see, unread count over both kinds whatever the filter. */
export async function unreadMessageCount(db: Db, session: Session): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visibleTo(session), unreadBy(session.userId)));
  return row?.n ?? 0;
}

/** One page of the user's messages, newest first, with the unread count over both kinds. */
export async function listMessages(
  db: Db,
  session: Session,
  locale: Locale,
  { page, size, kind, before }: ListQuery,
): Promise<{ list: Message[]; total: number; page: number; size: number; unread: number }> {
  const { userId } = session;
  const where = kind ? and(visibleTo(session), eq(messages.kind, kind)) : visibleTo(session);
  // Newest first by time, then id: the rows after the cursor's (time, id) in that order.
  const after =
    before === undefined
      ? undefined
      : sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${before} and (m.user_id is null or m.user_id = ${userId}))`;
  const [rows, [totalRow], unread] = await Promise.all([
    db
      .select({ message: messages, read: sql<boolean>`${messageReads.messageId} is not null` })
      .from(messages)
      .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
      .where(after ? and(where, after) : where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(size)
      .offset(after ? 0 : offsetOf(page, size)),
    db.select({ n: count() }).from(messages).where(where),
    unreadMessageCount(db, session),
  ]);
  const list = rows.map(({ message: m, read }) => ({
    id: String(m.id),
    kind: asKind(m.kind),
    title: localize(m.title, locale),
    body: localize(m.body, locale),
    createdAt: m.createdAt.getTime(),
    read: Boolean(read),
  }));
  return { list, total: totalRow?.n ?? 0, page, size, unread };
}

/** Marks one message read; someone else's personal message is answered as a missing one. */
export async function markMessageRead(db: Db, session: Session, messageId: bigint): Promise<void> {
  const found = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), visibleTo(session)));
  if (found.length === 0) throw new ApiError('MESSAGE_NOT_FOUND');
  await db.insert(messageReads).values({ userId: session.userId, messageId }).onConflictDoNothing();
}

/** Marks every message the session can see as read, in one statement; later messages stay unread. */
export async function markAllMessagesRead(db: Db, session: Session): Promise<void> {
  await db
    .insert(messageReads)
    .select(
      sql`select ${session.userId}::bigint, ${messages.id}, now() from ${messages} where ${visibleTo(session)}`,
    )
    .onConflictDoNothing();
}
