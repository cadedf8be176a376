import { z } from 'zod';
import {
  adSchema,
  messageListSchema,
  newsArticleSchema,
  newsItemSchema,
  noticeSchema,
  pageOf,
  propSchema,
  propsSchema,
  type Ad,
  type Message,
  type NewsArticle,
  type NewsItem,
  type Notice,
} from '../../domain/protocol/content';
import type { Page } from '../../domain/protocol/envelope';
import { get, post, type RequestOptions } from './request';

export type PageQuery = { page?: number; size?: number };
export type MessageKind = Message['kind'];
export type MessageList = z.output<typeof messageListSchema>;

const noticePage = pageOf(noticeSchema);
const newsPage = pageOf(newsItemSchema);
// Acknowledgements carry nothing the client needs; any data is accepted.
const anything = z.unknown();

/** GET /index/notice: the public notices, pinned first. */
export function getPublicNotices(query: PageQuery = {}, options?: RequestOptions): Promise<Page<Notice>> {
  return get('/index/notice', { page: query.page ?? 1, size: query.size ?? 20 }, noticePage, options);
}

/** GET /user/notice: the same notices for a signed-in user, each with `read`. */
export function getUserNotices(query: PageQuery = {}, options?: RequestOptions): Promise<Page<Notice>> {
  return get('/user/notice', { page: query.page ?? 1, size: query.size ?? 20 }, noticePage, options);
}

/** POST /user/notice/read */
export async function readNotice(id: string, options: RequestOptions = { silent: true }): Promise<void> {
  await post('/user/notice/read', { id }, anything, options);
}

/** GET /index/news: article summaries, newest first. */
export function getNews(query: PageQuery = {}, options?: RequestOptions): Promise<Page<NewsItem>> {
  return get('/index/news', { page: query.page ?? 1, size: query.size ?? 20 }, newsPage, options);
}

/** GET /index/news/info: one article with its stored HTML body (sanitize before rendering). */
export function getNewsArticle(id: string, options?: RequestOptions): Promise<NewsArticle> {
  return get('/index/news/info', { id }, newsArticleSchema, options);
}

/** GET /index/ads */
export function getAds(options?: RequestOptions): Promise<Ad[]> {
  return get('/index/ads', undefined, z.array(adSchema), options);
}

/** GET /common/prop: one long text by key. */
export function getProp(key: string, options?: RequestOptions): Promise<z.output<typeof propSchema>> {
  return get('/common/prop', { key }, propSchema, options);
}

/** GET /common/props: several texts (`keys` comma-separated). */
export function getProps(
  keys: readonly string[],
  options?: RequestOptions,
): Promise<z.output<typeof propsSchema>> {
  return get('/common/props', { keys: keys.join(',') }, propsSchema, options);
}

/** POST /user/message/list: one kind of message (or both), with the user's unread count. */
export function getMessages(
  query: PageQuery & { kind?: MessageKind; before?: string } = {},
  options?: RequestOptions,
): Promise<MessageList> {
  return post(
    '/user/message/list',
    { kind: query.kind, page: query.page ?? 1, size: query.size ?? 20, before: query.before },
    messageListSchema,
    options,
  );
}

/** POST /user/message/read: one message by id, or every message with `all`. */
export async function readMessages(
  target: { id: string } | { all: true },
  options: RequestOptions = { silent: true },
): Promise<void> {
  const payload = 'id' in target ? { id: target.id } : { all: 1 };
  await post('/user/message/read', payload, anything, options);
}
