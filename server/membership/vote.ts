import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../domain/format/locale';
import type { Poll } from '../../domain/protocol/membership';
import type { Db } from '../db/client';
import { pollOptions, polls, pollVotes } from '../db/schema/membership';
import { ApiError } from '../http/errors';

type PollRow = typeof polls.$inferSelect;

export function pollStatus(row: Pick<PollRow, 'opensAt' | 'closesAt'>, now: number) {
  if (now < row.opensAt) return 'upcoming' as const;
  return now < row.closesAt ? ('open' as const) : ('closed' as const);
}

/** Share of the votes as a fraction with 4 decimals ("0.3333"), "0" when nobody voted. */
function shareOf(votes: number, total: number): string {
  return total === 0 ? '0' : new Decimal(votes).div(total).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed();
}

/** Polls as one user sees them: results only after they voted or the poll closed. */
async function onWire(db: Db, rows: PollRow[], userId: bigint, locale: Locale, now: number): Promise<Poll[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const options = await db
    .select()
    .from(pollOptions)
    .where(inArray(pollOptions.pollId, ids))
    .orderBy(asc(pollOptions.position));
  const tallies = await db
    .select({ optionId: pollVotes.optionId, n: count() })
    .from(pollVotes)
    .where(inArray(pollVotes.pollId, ids))
    .groupBy(pollVotes.optionId);
  const mine = await db
    .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(inArray(pollVotes.pollId, ids), eq(pollVotes.userId, userId)));
  const en = locale === 'en-US';
  return rows.map((row) => {
    const status = pollStatus(row, now);
    const my = mine.find((m) => m.pollId === row.id)?.optionId ?? null;
    const visible = my !== null || status === 'closed';
    const own = options.filter((o) => o.pollId === row.id);
    const votesOf = (id: bigint) => Number(tallies.find((t) => t.optionId === id)?.n ?? 0);
    const total = own.reduce((sum, o) => sum + votesOf(o.id), 0);
    return {
      id: String(row.id),
      question: en ? row.questionEn : row.questionTr,
      opensAt: row.opensAt,
      closesAt: row.closesAt,
      status,
      options: own.map((o) => ({
        id: String(o.id),
        label: en ? o.labelEn : o.labelTr,
        votes: visible ? votesOf(o.id) : null,
        share: visible ? shareOf(votesOf(o.id), total) : null,
      })),
      myOptionId: my === null ? null : String(my),
      totalVotes: visible ? total : null,
      resultsVisible: visible,
    };
  });
}

/** Published polls (opened already), newest first. */
export async function listPolls(
  db: Db,
  userId: bigint,
  locale: Locale,
  paging: { page: number; size: number },
  now: number,
) {
  const all = await db.select().from(polls).orderBy(desc(polls.opensAt), desc(polls.id));
  // Upcoming polls are not published yet; the operator sees them through the CLI.
  const published = all.filter((r) => r.opensAt <= now);
  const slice = published.slice((paging.page - 1) * paging.size, paging.page * paging.size);
  return {
    list: await onWire(db, slice, userId, locale, now),
    total: published.length,
    page: paging.page,
    size: paging.size,
  };
}

/**
 * The primary key (poll, user) makes "one vote per user" the database's rule: of
 * concurrent votes exactly one inserts, the others see the conflict and are told so.
 */
export async function castVote(
  db: Db,
  userId: bigint,
  locale: Locale,
  input: { pollId: bigint; optionId: bigint },
  now: number,
): Promise<Poll> {
  const [poll] = await db.select().from(polls).where(eq(polls.id, input.pollId));
  if (!poll || poll.opensAt > now) throw new ApiError('VOTE_POLL_NOT_FOUND');
  if (pollStatus(poll, now) === 'closed') throw new ApiError('VOTE_POLL_CLOSED');
  const [option] = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(and(eq(pollOptions.id, input.optionId), eq(pollOptions.pollId, poll.id)));
  if (!option) throw new ApiError('VOTE_OPTION_UNKNOWN');
  const inserted = await db
    .insert(pollVotes)
    .values({ pollId: poll.id, userId, optionId: option.id, votedAt: now })
    .onConflictDoNothing()
    .returning({ pollId: pollVotes.pollId });
  if (inserted.length === 0) throw new ApiError('VOTE_ALREADY_CAST');
  const [answer] = await onWire(db, [poll], userId, locale, now);
  if (!answer) throw new Error('poll vanished');
  return answer;
}

export type PollDraft = {
  questionTr: string;
  questionEn: string;
  options: { tr: string; en: string }[];
  opensAt: number;
  closesAt: number;
};

/** Creates a poll with its options (the operator's `vote create`, and the seed). */
export async function createPoll(db: Db, draft: PollDraft, now: number): Promise<bigint> {
  // Operator input (the CLI and the seed): a plain invalid-field answer names what to fix.
  if (draft.closesAt <= draft.opensAt) throw new ApiError('FIELD_INVALID', { field: 'closes' });
  if (draft.options.length < 2 || draft.options.length > 10)
    throw new ApiError('FIELD_INVALID', { field: 'options' });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(polls)
      .values({
        questionTr: draft.questionTr,
        questionEn: draft.questionEn,
        opensAt: draft.opensAt,
        closesAt: draft.closesAt,
        createdAt: now,
      })
      .returning({ id: polls.id });
    if (!row) throw new Error('poll insert returned nothing');
    await tx
      .insert(pollOptions)
      .values(
        draft.options.map((o, position) => ({ pollId: row.id, position, labelTr: o.tr, labelEn: o.en })),
      );
    return row.id;
  });
}
