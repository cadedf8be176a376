import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { int, rowId, text } from '../../domain/validation/fields';
import { serviceMessages } from '../db/schema/service-chat';
import { replyAsAgent } from '../service-chat/chat';
import { defineOperatorRoute } from './define';

/** The support chat through the operator CLI: conversations, and staff replies. */
export const operatorChatRoutes = [
  defineOperatorRoute({
    path: 'chats',
    action: 'chat.list',
    input: z.object({ limit: int({ min: 1, max: 500 }).default(50), user: rowId.optional() }),
    run: async ({ db, input }) => {
      if (input.user !== undefined) {
        const rows = await db
          .select()
          .from(serviceMessages)
          .where(eq(serviceMessages.userId, input.user))
          .orderBy(desc(serviceMessages.id))
          .limit(input.limit);
        return rows.reverse().map((r) => ({
          id: String(r.id),
          sender: r.sender,
          text: r.body,
          image: r.imageId !== null,
          at: new Date(r.createdAt).toISOString(),
        }));
      }
      // One row per conversation: its last message, and whether staff answered it yet.
      const rows = await db.execute<{
        user_id: string;
        n: number;
        last_at: string;
        last_sender: string;
        last_text: string;
      }>(sql`
        select distinct on (user_id) user_id::text, count(*) over (partition by user_id)::int as n,
          created_at::text as last_at, sender as last_sender, body as last_text
        from ${serviceMessages} order by user_id, id desc`);
      const list = (
        rows as unknown as {
          rows: { user_id: string; n: number; last_at: string; last_sender: string; last_text: string }[];
        }
      ).rows;
      return list
        .sort((a, b) => Number(b.last_at) - Number(a.last_at))
        .slice(0, input.limit)
        .map((r) => ({
          userId: r.user_id,
          messages: r.n,
          waiting: r.last_sender === 'user',
          last: r.last_text.slice(0, 60),
          at: new Date(Number(r.last_at)).toISOString(),
        }));
    },
  }),
  defineOperatorRoute({
    path: 'chat-reply',
    action: 'chat.reply',
    input: z.object({ userId: rowId, text: text({ max: 1000, multiline: true }) }),
    target: (input) => `user:${input.userId}`,
    run: async ({ db, input, now }) => replyAsAgent(db, input.userId, input.text, now()),
  }),
];
