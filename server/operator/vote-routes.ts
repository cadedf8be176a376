import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { int, text } from '../../domain/validation/fields';
import { pollOptions, polls, pollVotes } from '../db/schema/membership';
import { ApiError } from '../http/errors';
import { createPoll, pollStatus } from '../membership/vote';
import { dateOf } from './dates';
import { defineOperatorRoute } from './define';

const iso = (ms: number) => new Date(ms).toISOString();

/** `;`-separated option labels, trimmed, none empty. */
function labels(value: string): string[] {
  return value.split(';').map((s) => s.trim());
}

/**
 * Polls through the operator CLI (DECISIONS §2: staff act through audited commands).
 * A poll is published when it opens; the English texts default to the Turkish ones.
 */
export const operatorVoteRoutes = [
  defineOperatorRoute({
    path: 'vote-create',
    action: 'vote.create',
    input: z.object({
      questionTr: text({ max: 200 }),
      questionEn: text({ max: 200 }).optional(),
      optionsTr: text({ max: 1000 }),
      optionsEn: text({ max: 1000 }).optional(),
      opens: z.string().optional(),
      closes: z.string(),
    }),
    target: (input) => `poll:${input.questionTr.slice(0, 40)}`,
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const tr = labels(input.optionsTr);
      const en = input.optionsEn === undefined ? tr : labels(input.optionsEn);
      if (tr.length !== en.length || tr.some((s) => s === '') || en.some((s) => s === ''))
        throw new ApiError('FIELD_INVALID', { field: 'options' });
      const opensAt = input.opens === undefined ? now : dateOf('opens', input.opens);
      const closesAt = dateOf('closes', input.closes);
      const id = await createPoll(
        db,
        {
          questionTr: input.questionTr,
          questionEn: input.questionEn ?? input.questionTr,
          options: tr.map((label, i) => ({ tr: label, en: en[i] ?? label })),
          opensAt,
          closesAt,
        },
        now,
      );
      return { id: String(id), opensAt: iso(opensAt), closesAt: iso(closesAt), options: tr.length };
    },
  }),
  defineOperatorRoute({
    path: 'votes',
    action: 'vote.list',
    input: z.object({ limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input, now: clock }) => {
      const now = clock();
      const rows = await db.select().from(polls).orderBy(desc(polls.id)).limit(input.limit);
      const options = await db.select().from(pollOptions);
      const tallies = await db
        .select({ optionId: pollVotes.optionId, n: count() })
        .from(pollVotes)
        .groupBy(pollVotes.optionId);
      return rows.map((r) => ({
        id: String(r.id),
        question: r.questionTr,
        status: pollStatus(r, now),
        opensAt: iso(r.opensAt),
        closesAt: iso(r.closesAt),
        results: options
          .filter((o) => o.pollId === r.id)
          .sort((a, b) => a.position - b.position)
          .map((o) => `${o.labelTr}: ${Number(tallies.find((t) => t.optionId === o.id)?.n ?? 0)}`)
          .join(' | '),
      }));
    },
  }),
];
