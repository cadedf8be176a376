import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { SERVICE_TEXT_MAX, type ServiceMessage } from '../../domain/protocol/service-chat';
import type { Db } from '../db/client';
import { serviceImages, serviceMessages } from '../db/schema/service-chat';
import { users } from '../db/schema/users';
import { eventsOf } from '../app-state';
import { announceRecord } from '../record-events';
import { ApiError } from '../http/errors';
import { sniffImage } from '../kyc/sniff';
import { newestPage } from '../db/newest-page';

/** A user may send this many messages a minute; more is a flood, not a conversation. */
export const CHAT_PER_MINUTE = 20;
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

type Row = typeof serviceMessages.$inferSelect;

export const messageOnWire = (row: Row): ServiceMessage => ({
  id: String(row.id),
  sender: row.sender as ServiceMessage['sender'],
  text: row.body,
  imageId: row.imageId,
  at: row.createdAt,
});

/** Trimmed, NFC, no control characters, at most SERVICE_TEXT_MAX (newlines are fine in a chat). */
export function checkText(raw: string | undefined): string {
  const text = (raw ?? '').trim().normalize('NFC');
  if (text.length > SERVICE_TEXT_MAX) throw new ApiError('CHAT_TOO_LONG', { max: SERVICE_TEXT_MAX });
  if (FORBIDDEN.test(text)) throw new ApiError('FIELD_INVALID_CHARS', { field: 'text' });
  return text;
}

export async function listServiceMessages(db: Db, userId: bigint, input: { page: number; size: number }) {
  const where = eq(serviceMessages.userId, userId);
  const { rows, total } = await newestPage(db, serviceMessages, where, input);
  return { list: rows.map(messageOnWire), total, page: input.page, size: input.size };
}

async function insertMessage(
  db: Db,
  values: {
    userId: bigint;
    sender: 'user' | 'agent';
    body: string;
    imageId: string | null;
    createdAt: number;
  },
): Promise<ServiceMessage> {
  const [row] = await db.insert(serviceMessages).values(values).returning();
  if (!row) throw new Error('chat insert returned nothing');
  return messageOnWire(row);
}

function announce(db: Db, userId: bigint, message: ServiceMessage): ServiceMessage {
  // Support talks to the person, whichever account they are looking at.
  eventsOf(db).publish({ userId, accountType: null }, 'messages', { service: message });
  if (message.sender === 'agent')
    announceRecord(db, { userId, accountType: null }, 'chat', message.id, 'replied');
  return message;
}

/** The user writes: text and/or one image, checked before anything is stored. */
export async function sendUserMessage(
  db: Db,
  userId: bigint,
  input: { text?: string | undefined; image?: Uint8Array | undefined },
  now: number,
): Promise<ServiceMessage> {
  const text = checkText(input.text);
  const bytes = input.image && input.image.length > 0 ? input.image : null;
  if (text === '' && !bytes) throw new ApiError('CHAT_EMPTY');
  const mime = bytes ? sniffImage(bytes) : null;
  if (bytes && !mime) throw new ApiError('IMAGE_TYPE', { field: 'image' });
  const message = await db.transaction(async (tx) => {
    // One user's sends are counted and stored one at a time: a burst (spread over a cluster's
    // nodes, or just in flight at once) read the same count and all passed it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:user:${userId}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(serviceMessages)
      .where(
        and(
          eq(serviceMessages.userId, userId),
          eq(serviceMessages.sender, 'user'),
          gte(serviceMessages.createdAt, now - 60_000),
        ),
      );
    if ((recent?.n ?? 0) >= CHAT_PER_MINUTE) throw new ApiError('RATE_LIMITED');
    let imageId: string | null = null;
    if (bytes && mime) {
      imageId = randomBytes(16).toString('hex');
      const data = Buffer.from(bytes);
      await tx.insert(serviceImages).values({
        id: imageId,
        userId,
        mime,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
        createdAt: now,
      });
    }
    return insertMessage(tx, { userId, sender: 'user', body: text, imageId, createdAt: now });
  });
  return announce(db, userId, message);
}

/** Staff answer (operator CLI `chat reply`). */
export async function replyAsAgent(
  db: Db,
  userId: bigint,
  raw: string,
  now: number,
): Promise<ServiceMessage> {
  const text = checkText(raw);
  if (text === '') throw new ApiError('CHAT_EMPTY');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('NOT_FOUND');
  return announce(
    db,
    userId,
    await insertMessage(db, { userId, sender: 'agent', body: text, imageId: null, createdAt: now }),
  );
}

/** One of the user's own attachments; another's id and an unknown one are the same NOT_FOUND. */
export async function readServiceImage(db: Db, userId: bigint, id: string) {
  if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError('NOT_FOUND');
  const [row] = await db
    .select()
    .from(serviceImages)
    .where(and(eq(serviceImages.id, id), eq(serviceImages.userId, userId)));
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}
