import { z } from 'zod';
import {
  adSchema,
  messageListSchema,
  newsArticleSchema,
  newsItemSchema,
  noticeSchema,
  pageOf,
  PROP_KEYS,
  propSchema,
  propsSchema,
} from '../../domain/protocol/content';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import { oneOf, paging, pagingCursor, rowId } from '../../domain/validation/fields';
import { listAds, listNews, newsArticle, readProps } from '../content/catalog';
import { listMessages, markAllMessagesRead, markMessageRead, unreadMessageCount } from '../content/messages';
import { listPublicNotices, listUserNotices, markNoticeRead } from '../content/notices';
import { defineRoute, type RouteDef } from '../http/route';

const err = (key: ErrorKey) => ({ error: key });

/** `keys=a,b`: each one a known text; duplicates collapse, order is kept. */
const propKeys = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .min(1, err('FIELD_REQUIRED'))
  .max(500, err('FIELD_INVALID'))
  .transform((s) => [...new Set(s.split(',').map((k) => k.trim()))])
  // Checked as a whole so the error names the `keys` field, not an index inside it.
  .refine((list) => list.every((k) => (PROP_KEYS as readonly string[]).includes(k)), err('FIELD_INVALID'));

const messageReadInput = z
  .object({ id: rowId.optional(), all: oneOf(['0', '1']).optional() })
  .superRefine((v, ctx) => {
    // Either one message or all of them: without `all=1`, the id is what is missing.
    if (v.all !== '1' && v.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'FIELD_REQUIRED' });
  });

const contentRouteList = [
  defineRoute({
    method: 'GET',
    path: '/index/notice',
    summary: 'Platform notices, pinned first, then newest first',
    tag: 'content',
    auth: 'none',
    input: z.object(paging),
    output: pageOf(noticeSchema),
    handler: async ({ db, locale, input }) => listPublicNotices(db, locale, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/notice',
    summary: "Platform notices and the user's own, each with whether it was read",
    tag: 'content',
    auth: 'user',
    input: z.object(paging),
    output: pageOf(noticeSchema),
    handler: async ({ db, locale, session, input }) => listUserNotices(db, session.userId, locale, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/notice/read',
    summary: 'Marks a notice read (idempotent); notices the user cannot see are not found',
    tag: 'content',
    auth: 'user',
    input: z.object({ id: rowId }),
    output: z.object({ id: z.string(), read: z.literal(true) }),
    handler: async ({ db, session, input }) => {
      await markNoticeRead(db, session.userId, input.id);
      return { id: String(input.id), read: true as const };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/index/news',
    summary: 'News and market-education articles, newest first',
    tag: 'content',
    auth: 'none',
    input: z.object(paging),
    output: pageOf(newsItemSchema),
    handler: async ({ db, locale, input }) => listNews(db, locale, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/index/news/info',
    summary: 'One article with its stored HTML body',
    tag: 'content',
    auth: 'none',
    input: z.object({ id: rowId }),
    output: newsArticleSchema,
    handler: async ({ db, locale, input }) => newsArticle(db, locale, input.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/index/ads',
    summary: 'Active home banners in their configured order',
    tag: 'content',
    auth: 'none',
    input: z.object({}),
    output: z.array(adSchema),
    handler: async ({ db, locale }) => listAds(db, locale),
  }),
  defineRoute({
    method: 'GET',
    path: '/common/prop',
    summary: 'One long text (privacy policy, disclaimer…) in the caller’s language',
    tag: 'content',
    auth: 'none',
    input: z.object({ key: oneOf(PROP_KEYS) }),
    output: propSchema,
    handler: async ({ db, locale, input }) => {
      const [item] = await readProps(db, locale, [input.key]);
      return item ?? { key: input.key, value: '' };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/common/props',
    summary: 'Several long texts at once (`keys` comma-separated)',
    tag: 'content',
    auth: 'none',
    input: z.object({ keys: propKeys }),
    output: propsSchema,
    handler: async ({ db, locale, input }) => ({ items: await readProps(db, locale, input.keys) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/message/list',
    summary: "The user's personal and platform messages, newest first, with the unread count",
    tag: 'content',
    auth: 'user',
    input: z.object({ ...paging, ...pagingCursor, kind: oneOf(['personal', 'platform']).optional() }),
    output: messageListSchema,
    handler: async ({ db, locale, session, input }) => listMessages(db, session, locale, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/message/read',
    summary: 'Marks one message (`id`) or every message (`all=1`) read; answers the unread count',
    tag: 'content',
    auth: 'user',
    input: messageReadInput,
    output: z.object({ unread: z.number().int() }),
    handler: async ({ db, session, input }) => {
      if (input.all === '1') await markAllMessagesRead(db, session);
      else if (input.id !== undefined) await markMessageRead(db, session, input.id);
      return { unread: await unreadMessageCount(db, session) };
    },
  }),
];

export const contentRoutes: RouteDef[] = contentRouteList;
