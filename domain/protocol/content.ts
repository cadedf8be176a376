import { z } from 'zod';

const epochMs = z.number().int();

/** Lists (DECISIONS §4): `{list, total, page, size}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/** GET /index/notice, GET /user/notice (with `read`). Text is in the caller's language. */
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  createdAt: epochMs,
  read: z.boolean().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /index/news (list items) and /index/news/info (with the stored HTML `body`). */
export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  imageUrl: z.string(),
  publishedAt: epochMs,
});
export const newsArticleSchema = newsItemSchema.extend({ body: z.string() });
export type NewsItem = z.infer<typeof newsItemSchema>;
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** GET /index/ads */
export const adSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

/** GET /common/prop: one long text by key; GET /common/props: several (`keys` comma-separated). */
export const propSchema = z.object({ key: z.string(), value: z.string() });
export const propsSchema = z.object({ items: z.array(propSchema) });

/** Keys of the texts the server keeps. */
export const PROP_KEYS = [
  'companyIntroduction',
  'privacyPolicy',
  'disclaimer',
  'aboutUs',
  'riskDisclosure',
] as const;

/** POST /user/message/list: personal and platform messages, newest first, with the unread count. */
export const messageSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'platform']),
  title: z.string(),
  body: z.string(),
  createdAt: epochMs,
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;
/** Personal (to this user) or platform (to everyone). */
export type MessageKind = Message['kind'];
export const messageListSchema = pageOf(messageSchema).extend({ unread: z.number().int() });
