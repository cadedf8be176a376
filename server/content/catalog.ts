import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../domain/format/locale';
import type { Ad, NewsArticle, NewsItem } from '../../domain/protocol/content';
import type { Db } from '../db/client';
import { ads, news, props } from '../db/schema/content';
import { ApiError } from '../http/errors';
import { offsetOf } from './paging';
import { localize } from './text';

type Paging = { page: number; size: number };
type Page<T> = { list: T[]; total: number; page: number; size: number };

function newsItem(row: typeof news.$inferSelect, locale: Locale): NewsItem {
  return {
    id: String(row.id),
    title: localize(row.title, locale),
    summary: localize(row.summary, locale),
    source: row.source,
    imageUrl: row.imageUrl,
    publishedAt: row.publishedAt.getTime(),
  };
}

/** News, newest first; bodies stay out of the list (they can be long). */
export async function listNews(db: Db, locale: Locale, { page, size }: Paging): Promise<Page<NewsItem>> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(news)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(size)
      .offset(offsetOf(page, size)),
    db.select({ n: count() }).from(news),
  ]);
  return { list: rows.map((r) => newsItem(r, locale)), total: totalRow?.n ?? 0, page, size };
}

export async function newsArticle(db: Db, locale: Locale, id: bigint): Promise<NewsArticle> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw new ApiError('NOT_FOUND');
  return { ...newsItem(row, locale), body: localize(row.body, locale) };
}

/** A home carousel holds a handful of banners; more would never be seen. */
const MAX_ADS = 20;

/** Active banners in their configured order (a plain list: a carousel has no pages). */
export async function listAds(db: Db, locale: Locale): Promise<Ad[]> {
  const rows = await db
    .select()
    .from(ads)
    .where(eq(ads.active, true))
    .orderBy(asc(ads.sort), asc(ads.id))
    .limit(MAX_ADS);
  return rows.map((r) => ({
    id: String(r.id),
    title: localize(r.title, locale),
    imageUrl: r.imageUrl,
    link: r.link,
  }));
}

/**
 * Long texts by key, in the caller's language, else Turkish, else any; a key with no text
 * yet answers an empty value (the screen then shows its own empty state).
 */
export async function readProps(
  db: Db,
  locale: Locale,
  keys: readonly string[],
): Promise<{ key: string; value: string }[]> {
  const rows = await db
    .select()
    .from(props)
    .where(inArray(props.key, [...keys]));
  return keys.map((key) => {
    const own = rows.filter((r) => r.key === key);
    const pick =
      own.find((r) => r.locale === locale) ?? own.find((r) => r.locale === DEFAULT_LOCALE) ?? own[0];
    return { key, value: pick?.value ?? '' };
  });
}
