import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idRequestSchema, oneOf, paging, pagingCursor, rowId } from '../../validation/fields';
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
} from '../content';
import type { ErrorKey } from '../error-keys';

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

export const contentEndpoints = {
  notices: endpoint({
    method: 'GET',
    path: '/index/notice',
    auth: 'none',
    input: z.object(paging),
    output: pageOf(noticeSchema),
  }),
  userNotices: endpoint({
    method: 'GET',
    path: '/user/notice',
    auth: 'user',
    input: z.object(paging),
    output: pageOf(noticeSchema),
  }),
  readNotice: endpoint({
    method: 'POST',
    path: '/user/notice/read',
    auth: 'user',
    input: idRequestSchema,
    output: z.object({ id: z.string(), read: z.literal(true) }),
  }),
  news: endpoint({
    method: 'GET',
    path: '/index/news',
    auth: 'none',
    input: z.object(paging),
    output: pageOf(newsItemSchema),
  }),
  article: endpoint({
    method: 'GET',
    path: '/index/news/info',
    auth: 'none',
    input: idRequestSchema,
    output: newsArticleSchema,
  }),
  ads: endpoint({
    method: 'GET',
    path: '/index/ads',
    auth: 'none',
    input: z.object({}),
    output: z.array(adSchema),
  }),
  prop: endpoint({
    method: 'GET',
    path: '/common/prop',
    auth: 'none',
    input: z.object({ key: oneOf(PROP_KEYS) }),
    output: propSchema,
  }),
  props: endpoint({
    method: 'GET',
    path: '/common/props',
    auth: 'none',
    input: z.object({ keys: propKeys }),
    output: propsSchema,
  }),
  messages: endpoint({
    method: 'POST',
    path: '/user/message/list',
    auth: 'user',
    input: z.object({ ...paging, ...pagingCursor, kind: oneOf(['personal', 'platform']).optional() }),
    output: messageListSchema,
  }),
  readMessages: endpoint({
    method: 'POST',
    path: '/user/message/read',
    auth: 'user',
    input: messageReadInput,
    output: z.object({ unread: z.number().int() }),
  }),
};
