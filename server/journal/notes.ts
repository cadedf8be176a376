import { and, eq, inArray } from 'drizzle-orm';
import { JOURNAL_TAG_LENGTH, JOURNAL_TAGS_MAX } from '../../domain/protocol/learn';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { journalNotes } from '../db/schema/learn';
import { ApiError } from '../http/errors';
import { ownedBy } from '../db/owned';

export type Note = { tags: string[]; note: string };

/**
 * The tags a form sent, comma-separated: each trimmed, empty ones between commas dropped, the
 * same tag twice kept once; more than JOURNAL_TAGS_MAX, or one longer than JOURNAL_TAG_LENGTH,
 * is refused whole.
 */
export function readTags(text: string): string[] {
  const tags = [...new Set(text.split(',').map((t) => t.trim().normalize('NFC')))].filter((t) => t !== '');
  if (tags.length > JOURNAL_TAGS_MAX) throw new ApiError('JOURNAL_TAGS_TOO_MANY', { max: JOURNAL_TAGS_MAX });
  if (tags.some((t) => [...t].length > JOURNAL_TAG_LENGTH))
    throw new ApiError('JOURNAL_TAG_INVALID', { max: JOURNAL_TAG_LENGTH });
  return tags;
}

/** Writes a trade's tags and note (both empty removes the row). */
export async function saveNote(
  db: Db,
  session: Session,
  tradeId: string,
  note: Note,
  now: number,
): Promise<void> {
  const key = and(ownedBy(journalNotes, session), eq(journalNotes.tradeId, tradeId));
  if (note.tags.length === 0 && note.note === '') {
    await db.delete(journalNotes).where(key);
    return;
  }
  await db
    .insert(journalNotes)
    .values({ userId: session.userId, accountType: session.accountType, tradeId, ...note, updatedAt: now })
    .onConflictDoUpdate({
      target: [journalNotes.userId, journalNotes.accountType, journalNotes.tradeId],
      set: { ...note, updatedAt: now },
    });
}

/** The notes of these trades, by trade id. */
export async function notesOf(
  db: Db,
  session: Session,
  tradeIds: readonly string[],
): Promise<Map<string, Note>> {
  if (tradeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(journalNotes)
    .where(and(ownedBy(journalNotes, session), inArray(journalNotes.tradeId, [...tradeIds])));
  return new Map(rows.map((r) => [r.tradeId, { tags: r.tags, note: r.note }]));
}
