import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  adSchema,
  newsArticleSchema,
  newsItemSchema,
  pageOf,
  PROP_KEYS,
  propSchema,
  propsSchema,
} from '../../domain/protocol/content';
import { ads } from '../../server/db/schema/content';
import { dbTargets, startServer, type TestServer } from '../support/server';

const EN = { 'Accept-Language': 'en-US' };
type Answer = { code: number; msg: string; key?: string; data: Record<string, unknown> };

/** The only tags seeded HTML may use, and links only to https. */
function assertSimpleHtml(html: string): void {
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z0-9]+)/g))
    expect(['p', 'strong', 'ul', 'li', 'a']).toContain(tag);
  for (const [, attrs] of html.matchAll(/<a\b([^>]*)>/g)) expect(attrs).toMatch(/^ href="https:\/\/[^"]+"$/);
  expect(html).not.toMatch(/<script|on\w+=|javascript:/i);
}

describe.each(dbTargets())('news, banners and texts on %s', (target) => {
  let server: TestServer;
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    (await fetch(server.api(path), { headers })).json() as Promise<Answer>;

  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists news newest first without bodies, in both languages', async () => {
    const tr = pageOf(newsItemSchema).parse((await get('/index/news')).data);
    expect(tr.total).toBeGreaterThanOrEqual(6);
    expect(tr.total).toBeLessThanOrEqual(8);
    const times = tr.list.map((n) => n.publishedAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(times.every((t) => t <= Date.now() && t > Date.now() - 60 * 86_400_000)).toBe(true);
    expect(tr.list.every((n) => !('body' in n))).toBe(true);
    expect(tr.list.map((n) => n.title)).toContain('Limit emir nedir?');
    const en = pageOf(newsItemSchema).parse((await get('/index/news', EN)).data);
    expect(en.list.map((n) => n.id)).toEqual(tr.list.map((n) => n.id));
    expect(en.list.map((n) => n.title)).toContain('What is a limit order?');
    const paged = pageOf(newsItemSchema).parse((await get('/index/news?page=2&size=3')).data);
    expect(paged.list.map((n) => n.id)).toEqual(tr.list.slice(3, 6).map((n) => n.id));
    expect(await get('/index/news?size=1000', EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Page size has an invalid value.',
    });
  });

  it('answers an article with its simple HTML body in the caller’s language', async () => {
    const { list } = pageOf(newsItemSchema).parse((await get('/index/news?size=100')).data);
    for (const item of list) {
      const tr = newsArticleSchema.parse((await get(`/index/news/info?id=${item.id}`)).data);
      const en = newsArticleSchema.parse((await get(`/index/news/info?id=${item.id}`, EN)).data);
      expect(tr).toMatchObject({ ...item });
      expect(en.id).toBe(item.id);
      expect(en.body).not.toBe(tr.body);
      assertSimpleHtml(tr.body);
      assertSimpleHtml(en.body);
    }
  });

  it('rejects a missing, malformed or unknown article id', async () => {
    expect(await get('/index/news/info')).toEqual({
      code: -1001,
      msg: 'Kayıt numarası alanı zorunludur.',
      key: 'FIELD_REQUIRED',
      data: {},
    });
    expect(await get('/index/news/info?id=abc', EN)).toEqual({
      code: -1001,
      msg: 'ID has an invalid value.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await get('/index/news/info?id=99999999', EN)).toEqual({
      code: -1001,
      msg: 'The requested address was not found.',
      key: 'NOT_FOUND',
      data: {},
    });
  });

  it('lists active banners by their sort order, with in-app links and inline images', async () => {
    const tr = z.array(adSchema).parse((await get('/index/ads')).data);
    expect(tr.length).toBe(3);
    for (const ad of tr) {
      expect(ad.link).toMatch(/^\/pages\//);
      expect(ad.imageUrl === '' || ad.imageUrl.startsWith('data:image/svg+xml,')).toBe(true);
    }
    const en = z.array(adSchema).parse((await get('/index/ads', EN)).data);
    expect(en.map((a) => a.id)).toEqual(tr.map((a) => a.id));
    expect(en[0]?.title).not.toBe(tr[0]?.title);

    // An operator's reorder and deactivation show at once.
    const db = server.database.db;
    const [first, second] = tr;
    if (!first || !second) throw new Error('need two banners');
    await db
      .update(ads)
      .set({ sort: 999 })
      .where(eq(ads.id, BigInt(first.id)));
    await db
      .update(ads)
      .set({ active: false })
      .where(eq(ads.id, BigInt(second.id)));
    const after = z.array(adSchema).parse((await get('/index/ads')).data);
    expect(after.length).toBe(tr.length - 1);
    expect(after.map((a) => a.id)).not.toContain(second.id);
    expect(after.at(-1)?.id).toBe(first.id);
  });

  it('answers every text key in both languages', async () => {
    for (const key of PROP_KEYS) {
      const tr = propSchema.parse((await get(`/common/prop?key=${key}`)).data);
      const en = propSchema.parse((await get(`/common/prop?key=${key}`, EN)).data);
      expect(tr.key).toBe(key);
      expect(tr.value.length).toBeGreaterThan(100);
      expect(en.value.length).toBeGreaterThan(100);
      expect(en.value).not.toBe(tr.value);
      assertSimpleHtml(tr.value);
    }
    const privacy = propSchema.parse((await get('/common/prop?key=privacyPolicy', EN)).data).value;
    expect(privacy).toContain('only to you and the sandbox operator');
  });

  it('answers several texts at once, in the order asked, duplicates once', async () => {
    const answer = propsSchema.parse(
      (await get('/common/props?keys=disclaimer, aboutUs,disclaimer', EN)).data,
    );
    expect(answer.items.map((i) => i.key)).toEqual(['disclaimer', 'aboutUs']);
    expect(answer.items[0]?.value).toContain('not investment advice');
  });

  it('rejects unknown or missing keys with the field named', async () => {
    expect(await get('/common/prop?key=secret')).toEqual({
      code: -1001,
      msg: 'Anahtar alanının değeri geçersiz.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await get('/common/prop?key=secret', EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Key has an invalid value.',
    });
    expect(await get('/common/prop', EN)).toMatchObject({ key: 'FIELD_REQUIRED', msg: 'Key is required.' });
    expect(await get('/common/props?keys=disclaimer,secret', EN)).toEqual({
      code: -1001,
      msg: 'Keys has an invalid value.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await get('/common/props?keys=disclaimer,,aboutUs', EN)).toMatchObject({ key: 'FIELD_INVALID' });
    expect(await get('/common/props?keys=', EN)).toMatchObject({
      key: 'FIELD_REQUIRED',
      msg: 'Keys is required.',
    });
    expect(await get('/common/props')).toMatchObject({
      key: 'FIELD_REQUIRED',
      msg: 'Anahtarlar alanı zorunludur.',
    });
  });
});
