import { eq } from 'drizzle-orm';
import type { AccountType } from '../auth/session';
import type { Db } from '../db/client';
import { messages, notices, type LocalizedText } from '../db/schema/content';
import { users } from '../db/schema/users';
import { eventsOf } from '../app-state';
import { ApiError } from '../http/errors';
import { checkLocalized } from './text';

export type NoticeDraft = {
  /** null or absent: a platform notice everyone sees. */
  userId?: bigint | null;
  title: LocalizedText;
  body: LocalizedText;
  pinned?: boolean;
};

export type MessageDraft = {
  /** null: a platform message, shown to every user, including users who register later. */
  userId: bigint | null;
  /** Defaults to `platform` for userId null, else `personal`. */
  kind?: 'personal' | 'platform';
  /**
   * The account a personal message is about (a demo purchase's result: the demo inbox only);
   * null or absent: the person's, whichever account they look at (KYC, funding, the operator).
   */
  accountType?: AccountType | null;
  title: LocalizedText;
  body: LocalizedText;
};

/** Tells the user's open sockets (private channel `messages`); null: every signed-in user. */
function announce(
  db: Db,
  userId: bigint | null,
  accountType: AccountType | null,
  data: Record<string, unknown>,
): void {
  if (userId === null) eventsOf(db).publishToAll('messages', data);
  else eventsOf(db).publish({ userId, accountType }, 'messages', data);
}

async function assertUser(db: Db, userId: bigint): Promise<void> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (rows.length === 0) throw new ApiError('NOT_FOUND');
}

/** Publishes a notice (operator CLI, other areas); answers the new id. Bad text → ApiError. */
export async function sendNotice(db: Db, draft: NoticeDraft): Promise<string> {
  const title = checkLocalized('title', draft.title);
  const body = checkLocalized('body', draft.body);
  const userId = draft.userId ?? null;
  if (userId !== null) await assertUser(db, userId);
  const [row] = await db
    .insert(notices)
    .values({ userId, title, body, pinned: draft.pinned ?? false })
    .returning({ id: notices.id });
  if (!row) throw new Error('notice insert returned nothing');
  announce(db, userId, null, { type: 'notice', id: String(row.id), title, body });
  return String(row.id);
}

/**
 * Puts a message in the message centre (operator CLI, other areas: fills, KYC results…);
 * answers the new id. A personal message needs a user; a platform one may go to all (null).
 */
export async function sendMessage(db: Db, draft: MessageDraft): Promise<string> {
  const title = checkLocalized('title', draft.title);
  const body = checkLocalized('body', draft.body);
  const kind = draft.kind ?? (draft.userId === null ? 'platform' : 'personal');
  if (kind === 'personal' && draft.userId === null) throw new ApiError('FIELD_REQUIRED', { field: 'userId' });
  if (draft.userId !== null) await assertUser(db, draft.userId);
  const accountType = draft.userId === null ? null : (draft.accountType ?? null);
  const [row] = await db
    .insert(messages)
    .values({ userId: draft.userId, accountType, kind, title, body })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  announce(db, draft.userId, accountType, { type: 'message', id: String(row.id), kind, title, body });
  return String(row.id);
}
