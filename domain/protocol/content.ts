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

/** Text is in the caller's language. */
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  createdAt: epochMs,
  read: z.boolean().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A news item: in lists, and with its stored HTML `body` on its own page. */
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

export const adSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

/** One long text by key, or several (`keys` comma-separated). */
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

/** Personal and platform messages, newest first, with the unread count. */
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
